import ArgumentParser
import FontdCommandLine

/// `fontd serve --max-token-ttl`: the furthest from now a scoped token's `exp` may be, in
/// `TokenLifetime`'s form, refused with the option's name (`fontd token issue --ttl` has its own).
struct MaximumTokenLifetime: CommandLineValue {
    /// The lifetime in whole seconds.
    let seconds: Int

    public init(commandLine text: String) throws(ValidationError) {
        do { seconds = try TokenLifetime(parsing: text).seconds } catch {
            throw ValidationError("Invalid --max-token-ttl '\(text)': expected \(TokenLifetime.form).")
        }
    }
}
