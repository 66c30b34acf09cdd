// A function for the function host's tests: answers a variable of its environment (failing as a
// function does when it is not given) and how many times this sandbox has been invoked.
import { requireEnv } from '../../shared/config.ts';

let invocations = 0;

export const handler = async (event: { variable: string }) => {
  invocations += 1;
  return { value: requireEnv(event.variable), invocations };
};
