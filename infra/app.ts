// `npx cdk synth|deploy -c stage=<name>`: one stack per stage (see infra/stages.ts for the
// stages and the context keys that may override them at deploy time). cdk-nag's AwsSolutions
// checks run as a validation plugin: an unacknowledged finding fails the synth.
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addServiceStack, newServiceApp, stageFromContext } from './service-app.ts';

const app = newServiceApp();
addServiceStack(app, stageFromContext(app));
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
