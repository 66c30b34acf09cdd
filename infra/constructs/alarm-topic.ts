// The SNS topic alarms notify. A topic policy replaces SNS's default one, so a TLS-only policy
// without an explicit Allow for CloudWatch would silently drop every alarm: the Allow below is
// what makes an alarm reach anyone. It is scoped to this account's alarms (confused deputy).
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type ITopic, Topic, TopicPolicy } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages.ts';

export class AlarmTopic extends Construct {
  readonly topic: ITopic;
  /** The statement the topic's policy must contain for CloudWatch to publish. */
  readonly cloudWatchPublish: PolicyStatement;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);
    const { account, region, partition } = Stack.of(this);
    const topic = stage.alarmTopicArn
      ? Topic.fromTopicArn(this, 'Topic', stage.alarmTopicArn)
      : new Topic(this, 'Topic', { displayName: `catalog-cashin ${stage.name} alarms`, enforceSSL: true });
    this.topic = topic;
    this.cloudWatchPublish = new PolicyStatement({
      sid: 'AllowCloudWatchAlarmsOfThisAccount',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': account },
        ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
      },
    });

    if (topic instanceof Topic) {
      topic.addToResourcePolicy(this.cloudWatchPublish);
      if (stage.alarmEmail) topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    } else if (stage.manageAlarmTopicPolicy) {
      // Opt-in: AWS::SNS::TopicPolicy replaces whatever policy the topic had.
      const policy = new TopicPolicy(this, 'ImportedTopicPolicy', { topics: [topic], enforceSSL: true });
      policy.document.addStatements(this.cloudWatchPublish);
    }
  }
}
