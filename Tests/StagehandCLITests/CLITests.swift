import Testing

/// The `stagehand` executable as users and CI call it: arguments in, exit status, terminal text and files out.
///
/// One suite per command or concern, each nested here (`extension CLITests`) so that this suite's `.serialized`,
/// which applies to the suites inside it, runs them one after another as when they were one suite: they start child
/// processes that measure, and two profiles at once on a machine of few cores would disturb each other's figures.
@Suite(.serialized) struct CLITests {}
