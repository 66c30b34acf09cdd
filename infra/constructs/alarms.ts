// What pages the operator: any message in a dead-letter queue, any function error, and the
// API's 5xx share. All alarms notify one SNS topic (the stack's own, or an existing one from
// stage config); a dashboard shows the same signals side by side.
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { metricNames, metricNamespace } from '../../shared/metrics.ts';
import { pascalCase } from '../names.ts';
import type { StageConfig } from '../stages.ts';
import type { WorkQueue } from './queues.ts';

export interface ServiceAlarmsProps {
  readonly stage: StageConfig;
  readonly api: HttpApi;
  readonly functions: ReadonlyArray<{ readonly name: string; readonly fn: IFunction }>;
  readonly queues: readonly WorkQueue[];
}

export class ServiceAlarms extends Construct {
  readonly topic: ITopic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const { stage } = props;
    if (stage.alarmTopicArn) {
      this.topic = Topic.fromTopicArn(this, 'Topic', stage.alarmTopicArn);
    } else {
      const topic = new Topic(this, 'Topic', {
        displayName: `catalog-cashin ${stage.name} alarms`,
        enforceSSL: true,
      });
      if (stage.alarmEmail) topic.addSubscription(new EmailSubscription(stage.alarmEmail));
      this.topic = topic;
    }
    const action = new SnsAction(this.topic);
    const add = (alarm: Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    for (const { name, deadLetterQueue } of props.queues) {
      add(
        new Alarm(this, `${pascalCase(name)}DlqNotEmpty`, {
          alarmDescription: `Messages in the ${name} dead-letter queue: work that failed every retry. Inspect, fix, then redrive.`,
          metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: 'Maximum',
          }),
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    for (const { name, fn } of props.functions) {
      add(
        new Alarm(this, `${pascalCase(name)}Errors`, {
          alarmDescription: `${name}: the function failed (uncaught error, timeout or crash).`,
          metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // The sweeper gave up on a transaction's instruction or payment watch, or an event's delivery
    // (its job failed through WORK_MAX_SWEEPS sweeps): counted in EMF by shared/metrics.ts.
    add(
      new Alarm(this, 'WorkAbandoned', {
        alarmDescription:
          'Background work was given up (transaction FAILED with failureReason, or event FAILED). Find the sweeper\'s "work given up" log lines, fix the cause, then restart the work.',
        metric: new Metric({
          namespace: metricNamespace,
          metricName: metricNames.workAbandoned,
          dimensionsMap: { Stage: stage.name },
          period: Duration.minutes(5),
          statistic: 'Sum',
        }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    const period = Duration.minutes(5);
    const serverErrorRate = new MathExpression({
      label: '5xx %',
      // Below ten requests a single failure is not a rate worth paging for.
      expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.api.metricServerError({ period, statistic: 'Sum' }),
        requests: props.api.metricCount({ period, statistic: 'Sum' }),
      },
      period,
    });
    add(
      new Alarm(this, 'Api5xxRate', {
        alarmDescription: `More than ${stage.apiErrorRatePercent}% of API requests answered 5xx in five minutes.`,
        metric: serverErrorRate,
        threshold: stage.apiErrorRatePercent,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `catalog-cashin-${stage.name}` });
    const byFunction = (metric: (fn: IFunction, label: string) => IMetric) =>
      props.functions.map(({ name, fn }) => metric(fn, name));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        width: 12,
        left: [
          props.api.metricCount({ period, statistic: 'Sum' }),
          props.api.metricClientError({ period, statistic: 'Sum' }),
          props.api.metricServerError({ period, statistic: 'Sum' }),
        ],
      }),
      new GraphWidget({
        title: 'API latency (p50, p99)',
        width: 12,
        left: [
          props.api.metricLatency({ period, statistic: 'p50' }),
          props.api.metricLatency({ period, statistic: 'p99' }),
        ],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Work queues: visible messages',
        width: 8,
        left: props.queues.map(({ name, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: 'Maximum',
            label: name,
          }),
        ),
      }),
      new GraphWidget({
        title: 'Work queues: age of oldest message (s)',
        width: 8,
        left: props.queues.map(({ name, queue }) =>
          queue.metricApproximateAgeOfOldestMessage({
            period: Duration.minutes(1),
            statistic: 'Maximum',
            label: name,
          }),
        ),
      }),
      new GraphWidget({
        title: 'Dead-letter queues: messages',
        width: 8,
        left: props.queues.map(({ name, deadLetterQueue }) =>
          deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: 'Maximum',
            label: name,
          }),
        ),
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors',
        width: 12,
        left: byFunction((fn, label) => fn.metricErrors({ period, statistic: 'Sum', label })),
      }),
      new GraphWidget({
        title: 'Function duration p99 (ms)',
        width: 12,
        left: byFunction((fn, label) => fn.metricDuration({ period, statistic: 'p99', label })),
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', width: 24, alarms: this.alarms }));
  }
}
