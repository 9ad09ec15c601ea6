import Testing

/// The `stagehand` executable as users and CI call it: arguments in, exit status, terminal text and files out.
///
/// One suite per command or concern, each nested here (`extension CLITests`) so that this suite's ``MachineShare``
/// applies to every test inside it: the tests start child processes, a few at a time, and a test that asserts a
/// figure of time (tagged ``Tag/timing``) runs with none beside it, since two profiles at once on a machine of few
/// cores would disturb each other's figures.
@Suite(.machineShare) struct CLITests {}
