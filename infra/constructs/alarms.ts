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
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { pascalCase } from '../names.ts';
import type { StageConfig } from '../stages.ts';
import { apiErrorRateRunbook, deadLetterRunbook, functionErrorRunbook } from './alarm-runbooks.ts';
import { AlarmTopic } from './alarm-topic.ts';
import type { WorkQueue } from './queues.ts';

export interface ServiceAlarmsProps {
  readonly stage: StageConfig;
  /** Dashboard names are per account, not per region. */
  readonly globalName: string;
  readonly api: HttpApi;
  readonly functions: ReadonlyArray<{ readonly name: string; readonly fn: IFunction }>;
  readonly queues: readonly WorkQueue[];
}

export class ServiceAlarms extends Construct {
  readonly topic: ITopic;
  /** What the alarm topic's policy must allow (printed for an imported topic's owner). */
  readonly topicPublishStatement: PolicyStatement;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const { stage } = props;
    const alarmTopic = new AlarmTopic(this, 'Alarms', stage);
    this.topic = alarmTopic.topic;
    this.topicPublishStatement = alarmTopic.cloudWatchPublish;
    const action = new SnsAction(this.topic);
    const add = (alarm: Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    for (const { name, def, deadLetterQueue } of props.queues) {
      add(
        new Alarm(this, `${pascalCase(name)}DlqNotEmpty`, {
          alarmDescription: deadLetterRunbook(name, def),
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
          alarmDescription: functionErrorRunbook(name),
          metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

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
        alarmDescription: apiErrorRateRunbook(stage.apiErrorRatePercent),
        metric: serverErrorRate,
        threshold: stage.apiErrorRatePercent,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: props.globalName });
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
