// The fake PSP's check of GET /pix against the API Pix document: it must catch what breaks the
// document, or "zero violations" in the API Pix tests proves nothing about the listing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createPixApiValidator, type PixApiValidator } from '../support/fake-psp/pix-openapi.ts';

let validator: PixApiValidator;
beforeAll(async () => {
  validator = await createPixApiValidator();
});

const listing = (query: Record<string, string>) =>
  validator.request({ method: 'get', path: '/pix', headers: {}, query, body: undefined });

const page = (pix: unknown[]) => ({
  parametros: {
    inicio: '2026-11-26T00:00:00Z',
    fim: '2026-11-26T01:00:00Z',
    paginacao: {
      paginaAtual: 0,
      itensPorPagina: 100,
      quantidadeDePaginas: 1,
      quantidadeTotalDeItens: pix.length,
    },
  },
  pix,
});

describe('GET /pix as the API Pix document describes it', () => {
  it('accepts a window with paging', () => {
    expect(
      listing({
        inicio: '2026-11-26T00:00:00.000Z',
        fim: '2026-11-26T01:00:00.000Z',
        'paginacao.paginaAtual': '0',
        'paginacao.itensPorPagina': '1000',
      }),
    ).toEqual([]);
  });

  it('flags a window without its end, a date that is not RFC 3339 and a page larger than 1,000', () => {
    expect(listing({ inicio: '2026-11-26T00:00:00Z' }).join(' ')).toMatch(/fim/);
    expect(listing({ inicio: 'yesterday', fim: '2026-11-26T01:00:00Z' }).join(' ')).toMatch(/date-time/);
    expect(
      listing({
        inicio: '2026-11-26T00:00:00Z',
        fim: '2026-11-26T01:00:00Z',
        'paginacao.itensPorPagina': '5000',
      }),
    ).not.toEqual([]);
  });

  it('accepts a listed Pix and flags a page without its list or with a malformed value', () => {
    const pix = {
      endToEndId: 'E12345678202611260000abcdefghijk',
      txid: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123',
      valor: '12.34',
      horario: '2026-11-26T00:10:00.000Z',
    };
    const response = (body: unknown) =>
      validator.response({ method: 'get', path: '/pix', status: 200, body });
    expect(response(page([pix]))).toEqual([]);
    const { pix: _omitted, ...withoutList } = page([pix]);
    expect(response(withoutList).join(' ')).toMatch(/pix/);
    expect(response(page([{ ...pix, valor: '-1.234' }]))).not.toEqual([]);
  });
});
