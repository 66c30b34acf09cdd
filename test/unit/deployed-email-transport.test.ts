// The SMTP transport is the local stack's: the deployed bundling options leave nodemailer out
// of the e-mail worker (shared/emails/email-transport.ts), and only because of their define.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths.ts';
import { lambdaBundleOptions } from '../bench/bundle-options.ts';

async function bundledPackages(define: Record<string, string>): Promise<string[]> {
  const { metafile } = await build({
    ...lambdaBundleOptions,
    define,
    // The SES client is not the question here; leaving it out keeps the test cheap.
    external: ['@aws-sdk/*'],
    entryPoints: ['shared/emails/email-transport.ts'],
    absWorkingDir: repoRoot,
    outdir: 'unused',
    write: false,
  });
  return Object.keys(metafile.inputs).filter((path) => path.includes('node_modules/nodemailer/'));
}

describe('the deployed e-mail transport', () => {
  it('bundles no nodemailer with the deployed options, and would without their define', async () => {
    expect(await bundledPackages(lambdaBundleOptions.define)).toEqual([]);
    expect((await bundledPackages({})).length).toBeGreaterThan(0);
  });
});
