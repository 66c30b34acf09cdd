// Apart from the delivery itself, so that a caller can tell this failure without bundling it.

/** An attempt was POSTed but could not be recorded: the next chain will POST it again. */
export class AttemptNotRecordedError extends Error {
  constructor(cause: unknown) {
    super(`webhook attempt made but not recorded: ${(cause as Error).message}`, { cause });
    this.name = 'AttemptNotRecordedError';
  }
}
