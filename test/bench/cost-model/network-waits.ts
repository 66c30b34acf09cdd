// Network waits as AWS would have them. On this machine the PSP and the merchant's receiver
// answer on 127.0.0.1 within a millisecond, so a Lambda invocation never waits on the network
// and its GB-seconds are too low. Every HTTP call a handler makes (seen through Node's
// diagnostics channels, so the service's code is untouched) adds, to the invocation's billed
// duration, what it would have waited from us-east-1: one round trip plus the far side's time
// to answer, and the handshakes' round trips when the call opened a new connection (TCP, then
// TLS: one more for TLS 1.3, two for 1.2), as the real socket says. Each latency is log-normal
// from a median and a 95th percentile; a call is priced at the distribution's mean (`meanMs`):
// Lambda bills linearly in the wait, so that is a million calls' average, where drawing one
// latency per call for a scenario's few transactions moved a paid Pix by ±$1 per million between
// runs (a heavy tail drawn or not). `sampling: 'drawn'` draws instead, seeded. Calls within one invocation are
// counted one after another (the handlers make them in sequence). The PSP and the receiver run in
// this process, so the CPU they spend answering (between their server's request and its response)
// is measured and taken out of the calling invocation's: on AWS it is another party's machine.
// COST_MODEL_WAITS (a JSON file's path) replaces the defaults, destination by destination.
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import type { ClientRequest, IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { AwsCallTally } from './aws-call-waits.ts';
import { writeTrace } from './meter.ts';

/** A latency's median and 95th percentile (ms). */
export interface Spread {
  medianMs: number;
  p95Ms: number;
}

export interface DestinationWaits {
  /** Network round trip from us-east-1. */
  roundTrip: Spread;
  /** The far side's time from request to answer. */
  answer: Spread;
  /**
   * How long the far side keeps an idle connection open. The simulated clock jumps hours in
   * milliseconds, so a connection kept here would look alive across a day: one idle longer than
   * this, in simulated time, is counted as a new one.
   */
  keepAliveMs: number;
}

export type Destination = 'psp' | 'merchant';

/**
 * Defaults. PSP: a Brazilian PSP's API in São Paulo, us-east-1 ↔ sa-east-1 round trips of about
 * 115 ms (cloudping.co's inter-region matrix), and API Pix answers of 150 ms median, 600 ms p95
 * (a PSP's own published API Pix latencies are rare: chosen so that a paid Pix's calls sum to the
 * ~1.2 s measured against a Brazilian PSP from us-east-1, issue #34). Merchant: a receiver in
 * us-east-1 (same-region round trip ~2 ms) that answers in 120 ms median, 800 ms p95. Idle
 * connections: 60 s at the PSP (a load balancer's common idle timeout), 5 s at the merchant
 * (Node's default `keepAliveTimeout`).
 */
export const defaultWaits: Record<Destination, DestinationWaits> = {
  psp: {
    roundTrip: { medianMs: 115, p95Ms: 135 },
    answer: { medianMs: 150, p95Ms: 600 },
    keepAliveMs: 60_000,
  },
  merchant: {
    roundTrip: { medianMs: 2, p95Ms: 5 },
    answer: { medianMs: 120, p95Ms: 800 },
    keepAliveMs: 5_000,
  },
};

/** What the JSON file COST_MODEL_WAITS names replaces (nothing without it). */
export function waitsFileOverrides(): {
  psp?: DestinationWaits;
  merchant?: DestinationWaits;
  aws?: Record<string, Spread>;
} {
  const file = process.env.COST_MODEL_WAITS;
  return file ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

export function waitsFromEnv(): Record<Destination, DestinationWaits> {
  const overrides = waitsFileOverrides();
  return { psp: overrides.psp ?? defaultWaits.psp, merchant: overrides.merchant ?? defaultWaits.merchant };
}

/** A seeded uniform draw in (0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967297;
  };
}

/** A standard normal draw from two uniform ones (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
}

const z95 = 1.6448536269514722;

/** σ of the log-normal with the spread's median and 95th percentile; null when it has no spread. */
function sigmaOf(spread: Spread): number | null {
  return spread.p95Ms <= spread.medianMs ? null : Math.log(spread.p95Ms / spread.medianMs) / z95;
}

/** A log-normal draw with the spread's median and 95th percentile. */
export function drawMs(spread: Spread, random: () => number): number {
  const sigma = sigmaOf(spread);
  return sigma === null ? spread.medianMs : spread.medianMs * Math.exp(sigma * normal(random));
}

/** The mean of the log-normal with the spread's median and 95th percentile: median·e^(σ²/2). */
export function meanMs(spread: Spread): number {
  const sigma = sigmaOf(spread);
  return sigma === null ? spread.medianMs : spread.medianMs * Math.exp((sigma * sigma) / 2);
}

/** How a call's latency is taken from its spread: the mean, or a draw. */
export type Sampling = 'mean' | 'drawn';

/** Round trips a call spends before its request goes out: none on a reused connection. */
export function handshakeRoundTrips(reused: boolean, tlsProtocol: string | null | undefined): number {
  if (reused) return 0;
  if (!tlsProtocol) return 1;
  return tlsProtocol === 'TLSv1.3' ? 2 : 3;
}

/** What one call would have waited from us-east-1, each latency taken by `latency`. */
export function callWaitMs(
  waits: DestinationWaits,
  connection: { reused: boolean; tlsProtocol: string | null | undefined },
  latency: (spread: Spread) => number,
): number {
  const trips = 1 + handshakeRoundTrips(connection.reused, connection.tlsProtocol);
  let total = latency(waits.answer);
  for (let trip = 0; trip < trips; trip++) total += latency(waits.roundTrip);
  return total;
}

export interface WaitCounter {
  waitedMs: number;
  calls: Record<Destination, number>;
  newConnections: Record<Destination, number>;
  /** CPU the far sides (here, in this process) spent answering its calls: not the function's. */
  farSideCpuMs: number;
  /** Its calls to DynamoDB and SQS (aws-call-waits.ts). */
  aws: AwsCallTally;
}

export const newWaitCounter = (): WaitCounter => ({
  waitedMs: 0,
  calls: { psp: 0, merchant: 0 },
  newConnections: { psp: 0, merchant: 0 },
  farSideCpuMs: 0,
  aws: { calls: 0, localMs: 0, modelledMs: 0 },
});

/**
 * Counts the modelled waits of the calls made inside `during(...)`. `destinations` names the
 * destination of a call by its remote port; calls elsewhere add nothing here (DynamoDB's are
 * aws-call-waits.ts's).
 */
export class NetworkWaits {
  readonly #current = new AsyncLocalStorage<WaitCounter>();
  readonly #started = new WeakMap<ClientRequest, WaitCounter>();
  /** When each connection last answered, on the (simulated) clock. */
  readonly #lastUsed = new WeakMap<Socket, number>();
  /** The far side's CPU at each answer's start, and what it spent per connection (the client's port). */
  readonly #answering = new WeakMap<IncomingMessage, NodeJS.CpuUsage>();
  readonly #farSideCpuMs = new Map<number, number>();
  readonly #waits: Record<Destination, DestinationWaits>;
  readonly #latency: (spread: Spread) => number;
  #destinationOf: (port: number) => Destination | undefined = () => undefined;

  constructor(waits = waitsFromEnv(), sampling: Sampling = 'mean', seed = 20_270_301) {
    this.#waits = waits;
    const random = seededRandom(seed);
    this.#latency = sampling === 'mean' ? meanMs : (spread) => drawMs(spread, random);
    // The invocation is known when the request starts (its async context); the answer arrives
    // in the socket's context, which a kept-alive connection carries over from an earlier call.
    subscribe('http.client.request.start', (message) => {
      const counter = this.#current.getStore();
      if (counter) this.#started.set((message as { request: ClientRequest }).request, counter);
    });
    subscribe('http.client.response.finish', (message) => {
      this.#record((message as { request: ClientRequest; response: IncomingMessage }).request);
    });
    subscribe('http.server.request.start', (message) => {
      const { request, server } = message as { request: IncomingMessage; server: Server };
      const address = server.address();
      if (typeof address === 'object' && address && this.#destinationOf(address.port))
        this.#answering.set(request, process.cpuUsage());
    });
    subscribe('http.server.response.finish', (message) => {
      const { request } = message as { request: IncomingMessage };
      const started = this.#answering.get(request);
      const clientPort = request.socket?.remotePort;
      if (!started || clientPort === undefined) return;
      const spent = process.cpuUsage(started);
      this.#farSideCpuMs.set(
        clientPort,
        (this.#farSideCpuMs.get(clientPort) ?? 0) + (spent.user + spent.system) / 1000,
      );
    });
  }

  set destinations(destinationOf: (port: number) => Destination | undefined) {
    this.#destinationOf = destinationOf;
  }

  /** The counter of the invocation running in this async context, if any. */
  get current(): WaitCounter | undefined {
    return this.#current.getStore();
  }

  /** Runs one invocation's work, counting what its calls would have waited into `counter`. */
  during<T>(counter: WaitCounter, work: () => Promise<T>): Promise<T> {
    return this.#current.run(counter, work);
  }

  #record(request: ClientRequest): void {
    const counter = this.#started.get(request);
    const socket = request.socket as Socket | null;
    if (!counter || !socket?.remotePort) return;
    const destination = this.#destinationOf(socket.remotePort);
    if (!destination) return;
    counter.farSideCpuMs += this.#farSideCpuMs.get(socket.localPort ?? -1) ?? 0;
    this.#farSideCpuMs.delete(socket.localPort ?? -1);
    const tlsProtocol = 'getProtocol' in socket ? (socket as TLSSocket).getProtocol() : null;
    const waits = this.#waits[destination];
    const now = Date.now();
    const lastUsed = this.#lastUsed.get(socket);
    this.#lastUsed.set(socket, now);
    const reused = request.reusedSocket && lastUsed !== undefined && now - lastUsed <= waits.keepAliveMs;
    const waitedMs = callWaitMs(waits, { reused, tlsProtocol }, this.#latency);
    counter.waitedMs += waitedMs;
    if (process.env.COST_MODEL_TRACE)
      writeTrace(
        `CALL ${destination} ${request.method} ${request.path.split('?')[0]} ${reused ? 'reused' : 'new connection'} waits ${waitedMs.toFixed(0)} ms\n`,
      );
    counter.calls[destination] += 1;
    if (!reused) counter.newConnections[destination] += 1;
  }
}
