// What every RoundStore must do, run against the memory store and against a real Redis: open, claim once with a
// lease, report a running claim, let a lapsed lease be taken over (or report it), store a result for every later
// claim, fence a stale token out, give a claim back, and report an unknown round with the store's epoch.
import { describe, expect, it } from 'vitest';
import type { RoundClaimOptions, RoundStore } from '../index.js';

const MINUTE = 60_000;

/** A claim with a fresh token. */
function claimWith(options: Partial<RoundClaimOptions> = {}): RoundClaimOptions {
  return { token: crypto.randomUUID(), leaseMs: MINUTE, takeOver: true, ttlMs: MINUTE, ...options };
}

const id = (): string => crypto.randomUUID();

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the contract against stores made by `make` (each call: a store on the same backing data). */
export function describeRoundStore(name: string, make: () => RoundStore): void {
  describe(`${name}: the round store contract`, () => {
    it('claims an open round once; a second claim sees it running; the stored result answers every later claim', async () => {
      const store = make();
      const round = id();
      const { epoch } = await store.open(round, MINUTE);
      expect(epoch).toEqual(expect.any(String));
      const first = claimWith();
      expect(await store.claim(round, first)).toEqual({ kind: 'claimed', attempt: 1 });
      expect(await make().claim(round, claimWith())).toMatchObject({ kind: 'running', attempt: 1 });
      expect(await store.finish(round, first.token, '{"status":"completed"}', MINUTE)).toBe(true);
      for (let copy = 0; copy < 3; copy += 1) {
        expect(await make().claim(round, claimWith())).toEqual({ kind: 'done', result: '{"status":"completed"}' });
      }
    });

    it('keeps a finished round whose result was too large as done, without a result', async () => {
      const store = make();
      const round = id();
      await store.open(round, MINUTE);
      const claim = claimWith();
      await store.claim(round, claim);
      expect(await store.finish(round, claim.token, undefined, MINUTE)).toBe(true);
      expect(await store.claim(round, claimWith())).toEqual({ kind: 'done', result: undefined });
    });

    it('reports a lapsed lease, or lets it be taken over; the stale token can neither renew nor finish', async () => {
      const store = make();
      const round = id();
      await store.open(round, MINUTE);
      const first = claimWith({ leaseMs: 30 });
      await store.claim(round, first);
      expect(await store.renew(round, first.token, 30)).toBe(true);
      await pause(80);
      expect(await store.claim(round, claimWith({ takeOver: false }))).toEqual({ kind: 'lapsed', attempt: 1 });
      const second = claimWith();
      expect(await store.claim(round, second)).toEqual({ kind: 'claimed', attempt: 2 });
      expect(await store.renew(round, first.token, MINUTE)).toBe(false);
      expect(await store.finish(round, first.token, '"late"', MINUTE)).toBe(false);
      expect(await store.finish(round, second.token, '"second"', MINUTE)).toBe(true);
      expect(await store.claim(round, claimWith())).toEqual({ kind: 'done', result: '"second"' });
    });

    it('gives a claim back: the round is open again, and the same attempt number is claimed next', async () => {
      const store = make();
      const round = id();
      await store.open(round, MINUTE);
      const given = claimWith();
      await store.claim(round, given);
      expect(await store.release(round, claimWith().token)).toBe(false);
      expect(await store.release(round, given.token)).toBe(true);
      expect(await store.release(round, given.token)).toBe(false);
      expect(await store.claim(round, claimWith())).toEqual({ kind: 'claimed', attempt: 1 });
    });

    it('reports a round it never opened, or one past its lifetime, as unknown with its epoch', async () => {
      const store = make();
      const { epoch } = await store.open(id(), MINUTE);
      expect(await store.claim(id(), claimWith())).toEqual({ kind: 'unknown', epoch });
      const short = id();
      await store.open(short, 20);
      await pause(60);
      expect(await store.claim(short, claimWith())).toEqual({ kind: 'unknown', epoch });
    });

    it('binds a round to the answer it was first claimed with: another one gets other-answer in every state', async () => {
      const store = make();
      const round = id();
      await store.open(round, MINUTE);
      const first = claimWith({ answers: 'A', leaseMs: 30 });
      expect(await store.claim(round, first)).toEqual({ kind: 'claimed', attempt: 1 });
      expect(await make().claim(round, claimWith({ answers: 'B' }))).toEqual({ kind: 'other-answer' });
      expect(await store.claim(round, claimWith({ answers: 'A' }))).toMatchObject({ kind: 'running' });
      await pause(80);
      // A lapsed claim is never taken over by another answer.
      expect(await store.claim(round, claimWith({ answers: 'B' }))).toEqual({ kind: 'other-answer' });
      const second = claimWith({ answers: 'A' });
      expect(await store.claim(round, second)).toEqual({ kind: 'claimed', attempt: 2 });
      await store.finish(round, second.token, '"A"', MINUTE);
      expect(await store.claim(round, claimWith({ answers: 'B' }))).toEqual({ kind: 'other-answer' });
      expect(await store.claim(round, claimWith({ answers: 'A' }))).toEqual({ kind: 'done', result: '"A"' });
      // A claim given back before anything ran frees the round for any answer.
      const fresh = id();
      await store.open(fresh, MINUTE);
      const given = claimWith({ answers: 'A' });
      await store.claim(fresh, given);
      await store.release(fresh, given.token);
      expect(await store.claim(fresh, claimWith({ answers: 'B' }))).toEqual({ kind: 'claimed', attempt: 1 });
    });

    it('keeps a result with characters outside ASCII exactly', async () => {
      const store = make();
      const round = id();
      await store.open(round, MINUTE);
      const claim = claimWith();
      await store.claim(round, claim);
      const text = JSON.stringify({ text: 'Zürich — 東京 🚀 "quoted" \\ back\nslash' });
      await store.finish(round, claim.token, text, MINUTE);
      expect(await store.claim(round, claimWith())).toEqual({ kind: 'done', result: text });
    });
  });
}
