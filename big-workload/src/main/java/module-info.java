/** The standard event workload, shared by the demo, the tests and the benchmarks. */
module dev.big.workload {
    exports dev.big.workload;
}
