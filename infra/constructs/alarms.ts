// What pages the operator: any message in a dead-letter queue (and one parked too long), any
// function error, a worker's failed batch items, and the API's 5xx share. All alarms notify one
// SNS topic (the stack's own, or an existing one from stage config); a dashboard shows the same
// signals side by side. The topic, queue and API alarms live in the root stack; a function's
// alarms live in the nested stack that holds the function, so the root does not grow with routes.
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { metricNames, metricNamespace } from '../../shared/metrics.ts';
import { batchItemFailureMessage } from '../../shared/workers/sqs-worker.ts';
import { pascalCase } from '../names.ts';
import type { StageConfig } from '../stages.ts';
import {
  apiErrorRateRunbook,
  batchItemFailureRunbook,
  deadLetterAgeRunbook,
  deadLetterRunbook,
  functionErrorRunbook,
} from './alarm-runbooks.ts';
import { AlarmTopic } from './alarm-topic.ts';
import type { WorkQueue } from './queues.ts';

export interface ServiceAlarmsProps {
  readonly stage: StageConfig;
  /** Dashboard names are per account, not per region. */
  readonly globalName: string;
  readonly api: HttpApi;
  readonly queues: readonly WorkQueue[];
}

/** How long a parked message may wait before its DLQ pages again. */
export const deadLetterAgeAlarmHours = 4;

/** CloudWatch shows at most 100 alarms in one alarm status widget; graphs stay readable well below. */
const alarmsPerWidget = 100;

/** The metric a worker's failed batch items are counted in (a metric filter on its log group). */
export function batchItemFailureMetric(stage: StageConfig, queueName: string): Metric {
  return new Metric({
    namespace: `${metricNamespace}/${stage.name}`,
    metricName: `${pascalCase(queueName)}BatchItemFailures`,
    period: Duration.minutes(5),
    statistic: 'Sum',
  });
}

export class ServiceAlarms extends Construct {
  readonly topic: ITopic;
  /** What the alarm topic's policy must allow (printed for an imported topic's owner). */
  readonly topicPublishStatement: PolicyStatement;
  /** Every alarm, wherever it lives (function alarms are in the nested stacks). */
  readonly alarms: IAlarm[] = [];
  readonly dashboard: Dashboard;
  private readonly stage: StageConfig;
  private readonly action: SnsAction;
  private readonly functionsByGroup = new Map<string, Array<{ name: string; fn: IFunction }>>();

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const { stage } = props;
    this.stage = stage;
    const alarmTopic = new AlarmTopic(this, 'Alarms', stage);
    this.topic = alarmTopic.topic;
    this.topicPublishStatement = alarmTopic.cloudWatchPublish;
    this.action = new SnsAction(this.topic);

    for (const { name, def, deadLetterQueue } of props.queues) {
      this.add(
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
      this.add(
        new Alarm(this, `${pascalCase(name)}DlqOldestMessage`, {
          alarmDescription: deadLetterAgeRunbook(name, deadLetterAgeAlarmHours),
          metric: deadLetterQueue.metricApproximateAgeOfOldestMessage({
            period: Duration.minutes(5),
            statistic: 'Maximum',
          }),
          threshold: deadLetterAgeAlarmHours * 3600,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    if (stage.functionErrorAlarms === 'account-wide')
      this.add(
        new Alarm(this, 'FunctionErrors', {
          alarmDescription:
            'A function of this account and region failed (uncaught error, timeout or crash). The dashboard\'s "Function errors" graphs show which; search its log group for level "error".',
          // No FunctionName dimension: the sum over every function in the account and region.
          metric: new Metric({
            namespace: 'AWS/Lambda',
            metricName: 'Errors',
            period: Duration.minutes(5),
            statistic: 'Sum',
          }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );

    // The sweeper gave up on a transaction's instruction or payment watch, or an event's delivery
    // (its job failed through WORK_MAX_SWEEPS sweeps): counted in EMF by shared/metrics.ts.
    this.add(
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
    this.add(
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
        width: 6,
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
        width: 6,
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
        width: 6,
        left: props.queues.map(({ name, deadLetterQueue }) =>
          deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: 'Maximum',
            label: name,
          }),
        ),
      }),
      new GraphWidget({
        title: 'Workers: failed batch items',
        width: 6,
        left: props.queues.map(({ name }) => batchItemFailureMetric(stage, name).with({ label: name })),
      }),
    );
  }

  /**
   * The function's Errors alarm (per-function stages), in `scope` (the nested stack that holds
   * the function), and its place on the dashboard under `group`.
   */
  watchFunction(scope: Construct, group: string, name: string, fn: IFunction): void {
    if (this.stage.functionErrorAlarms === 'per-function')
      this.add(
        new Alarm(scope, `${pascalCase(name)}Errors`, {
          alarmDescription: functionErrorRunbook(name),
          metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    const inGroup = this.functionsByGroup.get(group) ?? [];
    inGroup.push({ name, fn });
    this.functionsByGroup.set(group, inGroup);
  }

  /**
   * A worker returns its failed records in a partial batch response and logs each one; the
   * invocation succeeds, so its Errors alarm stays silent while jobs fail round after round.
   * The worker's own log group counts those lines. Two bad 5-minute periods out of three page:
   * one failed attempt that the retry fixes does not.
   */
  watchWorkerBatches(scope: Construct, queueName: string, logGroup: ILogGroup): void {
    const metric = batchItemFailureMetric(this.stage, queueName);
    new MetricFilter(scope, `${pascalCase(queueName)}BatchItemFailureCount`, {
      logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', batchItemFailureMessage),
      metricNamespace: metric.namespace,
      metricName: metric.metricName,
      metricValue: '1',
      defaultValue: 0,
    });
    this.add(
      new Alarm(scope, `${pascalCase(queueName)}BatchItemFailures`, {
        alarmDescription: batchItemFailureRunbook(queueName),
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /** The per-function rows (one pair of graphs per nested stack) and the alarm status; call once, last. */
  addFunctionWidgets(): void {
    const period = Duration.minutes(5);
    for (const [group, functions] of this.functionsByGroup) {
      this.dashboard.addWidgets(
        new GraphWidget({
          title: `Function errors: ${group}`,
          width: 12,
          left: functions.map(({ name, fn }) => fn.metricErrors({ period, statistic: 'Sum', label: name })),
        }),
        new GraphWidget({
          title: `Function duration p99 (ms): ${group}`,
          width: 12,
          left: functions.map(({ name, fn }) => fn.metricDuration({ period, statistic: 'p99', label: name })),
        }),
      );
    }
    for (let start = 0; start < this.alarms.length; start += alarmsPerWidget) {
      this.dashboard.addWidgets(
        new AlarmStatusWidget({
          title: start === 0 ? 'Alarms' : `Alarms (${start / alarmsPerWidget + 1})`,
          width: 24,
          alarms: this.alarms.slice(start, start + alarmsPerWidget),
        }),
      );
    }
  }

  private add(alarm: Alarm): void {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
  }
}
