/// A link a template shows as its name: `<a href="{{href}}">{{name}}</a>`.
struct NamedLink: Sendable {
    let name: String
    let href: String
}
