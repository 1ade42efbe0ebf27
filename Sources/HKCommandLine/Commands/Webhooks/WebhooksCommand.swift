import ArgumentParser

/// `hk webhooks`: the URLs healthd posts the store's changes to (list, the default; add; remove; deliveries).
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks",
        abstract: "Subscribe URLs to the store's changes, signed as Standard Webhooks describes (docs/WEBHOOKS.md).",
        discussion: """
            hk webhooks is hk webhooks list. These commands act as the owner through a running healthd (--healthd, \
            else $OPENHEALTHKIT_HEALTHD, else http://127.0.0.1:8787), with the owner secret kept next to its store.
            """,
        subcommands: [
            WebhooksListCommand.self, WebhooksAddCommand.self, WebhooksRemoveCommand.self,
            WebhooksDeliveriesCommand.self,
        ],
        defaultSubcommand: WebhooksListCommand.self
    )
}
