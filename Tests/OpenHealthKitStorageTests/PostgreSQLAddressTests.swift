import Testing
import OpenHealthKitPostgres

/// Database URLs as libpq spells them, one server or several (a replicated cluster), and the ones refused.
@Suite struct PostgreSQLAddressTests {
    static func refusal(_ url: String) -> String {
        do {
            _ = try PostgreSQLAddress(url: url, password: nil)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func oneServerIsReadWithItsPortOrTheDefault() throws {
        let address = try PostgreSQLAddress(url: "postgresql://ann@db.example:6543/health", password: "pw")
        #expect(address.servers == [.init(host: "db.example", port: 6543)])
        #expect(address.user == "ann")
        #expect(address.database == "health")
        #expect(address.password == "pw")
        #expect(address.targetSession == .readWrite)
        #expect(try PostgreSQLAddress(url: "postgres://ann@db/health", password: nil).port == 5432)
    }

    @Test func severalServersAreKeptInTheirOrderEachWithItsPort() throws {
        let address = try PostgreSQLAddress(
            url: "postgresql://ann@10.0.0.1:6010,10.0.0.2,[::1]:6012/health?target_session_attrs=read-write",
            password: nil)
        #expect(
            address.servers == [
                .init(host: "10.0.0.1", port: 6010), .init(host: "10.0.0.2", port: 5432),
                .init(host: "::1", port: 6012),
            ])
        #expect(address.description == "postgresql://ann@10.0.0.1:6010,10.0.0.2:5432,[::1]:6012/health")
    }

    @Test func whatPgAutoctlPrintsIsTakenWithAUser() throws {
        let address = try PostgreSQLAddress(
            url: "postgres://ann@127.0.0.1:6010,127.0.0.1:6011/health?target_session_attrs=read-write&sslmode=prefer",
            password: nil)
        #expect(address.servers.map(\.port) == [6010, 6011])
    }

    @Test func targetSessionAttrsPrimaryAsksForAServerNotInRecovery() throws {
        let address = try PostgreSQLAddress(
            url: "postgresql://ann@a:1,b:2/health?target_session_attrs=primary", password: nil)
        #expect(address.targetSession == .primary)
        #expect(address.description == "postgresql://ann@a:1,b:2/health?target_session_attrs=primary")
    }

    @Test func aTargetThatMayBeAStandbyIsRefusedByName() {
        for value in ["any", "standby", "read-only", "prefer-standby"] {
            #expect(
                Self.refusal("postgresql://ann@a:1,b:2/health?target_session_attrs=\(value)")
                    == "the database URL's target_session_attrs must be read-write or primary (the store writes),"
                    + " not \"\(value)\"")
        }
    }

    @Test func anEmptyHostInTheListIsRefused() {
        #expect(
            Self.refusal("postgresql://ann@a:1,,b:2/health")
                == "the database URL names no host: postgresql://USER@HOST:PORT/DB")
        #expect(
            Self.refusal("postgresql://ann@a:1,:2/health")
                == "the database URL names no host: postgresql://USER@HOST:PORT/DB")
    }

    @Test func aBadPortInTheListIsRefused() {
        #expect(
            Self.refusal("postgresql://ann@a:1,b:99999/health") == "the database URL's port must be between 1 and 65535"
        )
        #expect(
            Self.refusal("postgresql://ann@a:1,b:x/health") == "the database URL's port must be between 1 and 65535")
    }

    @Test func anUnknownOptionOrTLSIsRefusedByName() {
        #expect(
            Self.refusal("postgresql://ann@a/health?connect_timeout=3")
                == "the database URL's option \"connect_timeout\" is not supported: only target_session_attrs and sslmode"
        )
        #expect(
            Self.refusal("postgresql://ann@a/health?sslmode=require")
                == "the database URL's sslmode must be disable, allow or prefer (the store connects without TLS),"
                + " not \"require\"")
    }

    @Test func aPasswordAnywhereInTheURLIsRefusedWithoutEchoingIt() {
        for url in ["postgresql://ann:hunter2@a:1,b:2/health", "postgresql://ann@a:1,b:2/health?password=hunter2"] {
            let refusal = Self.refusal(url)
            #expect(refusal.contains("must not carry a password"))
            #expect(!refusal.contains("hunter2"))
        }
        let notURL = Self.refusal("mysql://ann:hunter2@a/health")
        #expect(notURL.contains("is not a postgresql://USER@HOST:PORT/DB URL"))
        #expect(!notURL.contains("hunter2"))
    }

    @Test func aURLWithoutUserOrDatabaseIsRefused() {
        #expect(
            Self.refusal("postgresql://a:1,b:2/health")
                == "the database URL names no user: postgresql://USER@HOST:PORT/DB")
        #expect(
            Self.refusal("postgresql://ann@a:1,b:2")
                == "the database URL names no database: postgresql://USER@HOST:PORT/DB")
    }
}
