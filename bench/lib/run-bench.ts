/**
 * Runs a benchmark's main and exits: 0 when it finished, 1 with the error when it threw. Exiting
 * outright matters: what a run leaves open (a child api's pipes, a pool) must not keep it alive.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
