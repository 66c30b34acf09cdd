// The dashboard in AWS: its files in a bucket of their own, served under /dashboard* by the image
// distribution with a strict CSP and an index rewrite, and deployed with config.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofType, type Synthesized, synth } from './synth.ts';

describe('dashboard site', () => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev');
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it('serves /dashboard* from its own bucket with a strict CSP and an index rewrite', () => {
    const { resources } = synthesized;
    const [, distribution] = ofType(resources, 'AWS::CloudFront::Distribution')[0]!;
    const behavior = (distribution.Properties!.DistributionConfig.CacheBehaviors as any[]).find(
      (candidate) => candidate.PathPattern === '/dashboard*',
    );
    expect(behavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https' });
    expect(behavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const headersId = behavior.ResponseHeadersPolicyId.Ref as string;
    const csp =
      resources[headersId]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig
        .ContentSecurityPolicy;
    expect(JSON.stringify(csp.ContentSecurityPolicy)).toContain("script-src 'self'");
    expect(JSON.stringify(csp.ContentSecurityPolicy)).not.toContain('unsafe-inline');
    expect(csp.Override).toBe(true);

    const deployments = ofType(resources, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(1);
    const deployment = deployments[0]![1].Properties!;
    expect(deployment.DestinationBucketKeyPrefix).toBe('dashboard/');
    const imageBucketId = synthesized.stack.getLogicalId(
      synthesized.stack.images.bucket.node.defaultChild as any,
    );
    expect(JSON.stringify(deployment.DestinationBucketName)).not.toContain(imageBucketId);
    expect(deployment.DistributionPaths).toEqual(['/dashboard*']);
  });
});
