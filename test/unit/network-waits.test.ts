// The cost model's network waits: log-normal draws with the stated median and 95th percentile,
// handshakes only on new connections, and the calls a handler makes seen through Node's
// diagnostics channels and attributed to its invocation.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callWaitMs,
  drawMs,
  handshakeRoundTrips,
  meanMs,
  NetworkWaits,
  newWaitCounter,
  seededRandom,
} from '../../test/bench/cost-model/network-waits.ts';

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * values.length)]!;

describe('drawMs', () => {
  it('draws around the median with 5% above the 95th percentile', () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 20_000 }, () => drawMs({ medianMs: 150, p95Ms: 600 }, random));
    expect(quantile(draws, 0.5)).toBeGreaterThan(140);
    expect(quantile(draws, 0.5)).toBeLessThan(160);
    expect(quantile(draws, 0.95)).toBeGreaterThan(560);
    expect(quantile(draws, 0.95)).toBeLessThan(640);
    expect(Math.min(...draws)).toBeGreaterThan(0);
  });

  it('is the median when there is no spread', () => {
    expect(drawMs({ medianMs: 2, p95Ms: 2 }, seededRandom(1))).toBe(2);
  });
});

describe('meanMs', () => {
  it("is the draws' average: what a million calls would wait, each", () => {
    const spread = { medianMs: 150, p95Ms: 600 };
    const random = seededRandom(11);
    const draws = Array.from({ length: 400_000 }, () => drawMs(spread, random));
    const average = draws.reduce((sum, draw) => sum + draw, 0) / draws.length;
    // σ = ln(4)/1.645 ≈ 0.843: the mean is e^(σ²/2) ≈ 1.43 times the median.
    expect(meanMs(spread)).toBeCloseTo(213.8, 0);
    expect(Math.abs(average / meanMs(spread) - 1)).toBeLessThan(0.02);
  });

  it('is the median where there is no spread', () => {
    expect(meanMs({ medianMs: 115, p95Ms: 115 })).toBe(115);
  });
});

describe('handshakes', () => {
  it('cost nothing on a reused connection, TCP alone on plain HTTP, one more for TLS 1.3, two for 1.2', () => {
    expect(handshakeRoundTrips(true, 'TLSv1.2')).toBe(0);
    expect(handshakeRoundTrips(false, null)).toBe(1);
    expect(handshakeRoundTrips(false, 'TLSv1.3')).toBe(2);
    expect(handshakeRoundTrips(false, 'TLSv1.2')).toBe(3);
  });

  it('add their round trips to a call', () => {
    const fixed = {
      roundTrip: { medianMs: 100, p95Ms: 100 },
      answer: { medianMs: 50, p95Ms: 50 },
      keepAliveMs: 60_000,
    };
    expect(callWaitMs(fixed, { reused: true, tlsProtocol: 'TLSv1.3' }, meanMs)).toBe(150);
    expect(callWaitMs(fixed, { reused: false, tlsProtocol: 'TLSv1.3' }, meanMs)).toBe(350);
  });
});

describe('NetworkWaits', () => {
  const fixed = {
    roundTrip: { medianMs: 10, p95Ms: 10 },
    answer: { medianMs: 100, p95Ms: 100 },
    keepAliveMs: 60_000,
  };
  let server: ReturnType<typeof createServer>;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => {
      // A far side that works before answering: its CPU is not the caller's.
      if (request.url === '/busy') {
        const until = performance.now() + 30;
        while (performance.now() < until);
      }
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (agent: Agent, path = '/') =>
    new Promise<void>((resolve, reject) => {
      request(`http://127.0.0.1:${port}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });

  /** Waits that name the test server the PSP, and a kept-alive agent to call it with. */
  async function withPspCalls(run: (waits: NetworkWaits, agent: Agent) => Promise<void>): Promise<void> {
    const waits = new NetworkWaits({ psp: fixed, merchant: fixed });
    waits.destinations = (remotePort) => (remotePort === port ? 'psp' : undefined);
    const agent = new Agent({ keepAlive: true });
    try {
      await run(waits, agent);
    } finally {
      agent.destroy();
    }
  }

  it("counts an invocation's calls to a named destination, handshakes only on its new connection", () =>
    withPspCalls(async (waits, agent) => {
      const counter = newWaitCounter();
      await waits.during(counter, async () => {
        await get(agent);
        await get(agent);
      });
      expect(counter.calls.psp).toBe(2);
      expect(counter.newConnections.psp).toBe(1);
      expect(counter.waitedMs).toBe(10 + 10 + 100 + (10 + 100));
      // Outside an invocation, or to another destination, nothing is counted.
      await get(agent);
      const elsewhere = newWaitCounter();
      waits.destinations = () => undefined;
      await waits.during(elsewhere, () => get(agent));
      expect(elsewhere.calls.psp).toBe(0);
      expect(elsewhere.waitedMs).toBe(0);
    }));

  it("prices a call at its latencies' means unless told to draw them", async () => {
    const spread = {
      roundTrip: { medianMs: 115, p95Ms: 135 },
      answer: { medianMs: 150, p95Ms: 600 },
      keepAliveMs: 60_000,
    };
    const once = async (sampling?: 'mean' | 'drawn', seed?: number) => {
      const waits = new NetworkWaits({ psp: spread, merchant: spread }, sampling, seed);
      waits.destinations = (remotePort) => (remotePort === port ? 'psp' : undefined);
      const agent = new Agent({ keepAlive: true });
      const counter = newWaitCounter();
      try {
        await waits.during(counter, async () => {
          await get(agent);
          await get(agent);
        });
      } finally {
        agent.destroy();
      }
      return counter.waitedMs;
    };
    const expected =
      2 * meanMs(spread.roundTrip) + meanMs(spread.answer) + meanMs(spread.roundTrip) + meanMs(spread.answer);
    expect(await once()).toBeCloseTo(expected, 6);
    expect(await once('mean')).toBeCloseTo(expected, 6);
    const drawn = [await once('drawn', 1), await once('drawn', 2)];
    expect(drawn[0]).not.toBeCloseTo(expected, 0);
    expect(drawn[0]).not.toBe(drawn[1]);
  });

  it('measures the CPU the far side spends answering (it runs in this process here, not on AWS)', () =>
    withPspCalls(async (waits, agent) => {
      const counter = newWaitCounter();
      await waits.during(counter, async () => {
        await get(agent, '/busy');
        await get(agent);
      });
      expect(counter.calls.psp).toBe(2);
      expect(counter.farSideCpuMs).toBeGreaterThanOrEqual(25);
      expect(counter.farSideCpuMs).toBeLessThan(200);
      // A server that is no named destination is the caller's own business.
      const elsewhere = newWaitCounter();
      waits.destinations = () => undefined;
      await waits.during(elsewhere, () => get(agent, '/busy'));
      expect(elsewhere.farSideCpuMs).toBe(0);
    }));

  it("counts a kept-alive connection idle past the far side's keep-alive as a new one (the clock may jump)", async () => {
    const waits = new NetworkWaits({ psp: fixed, merchant: fixed });
    waits.destinations = (remotePort) => (remotePort === port ? 'psp' : undefined);
    const agent = new Agent({ keepAlive: true });
    const realNow = Date.now;
    let now = realNow();
    Date.now = () => now;
    try {
      const counter = newWaitCounter();
      await waits.during(counter, async () => {
        await get(agent);
        now += 30_000;
        await get(agent);
        now += 61_000;
        await get(agent);
      });
      expect(counter.calls.psp).toBe(3);
      expect(counter.newConnections.psp).toBe(2);
    } finally {
      Date.now = realNow;
      agent.destroy();
    }
  });
});
