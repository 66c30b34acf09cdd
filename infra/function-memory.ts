// Memory (MB) of every deployed function unless its row says otherwise (a route's `memoryMb`).
// Apart from the stack so the cost model can read it without loading the CDK.
export const defaultMemoryMb = 512;
