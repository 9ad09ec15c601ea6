import StagehandCLI

// The `stagehand` executable: the command line with the built-in workload specs (and spec files by path).
await Stagehand.main()
