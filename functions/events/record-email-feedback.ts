import type { SNSEvent } from 'aws-lambda';
import { recordEmailFeedback } from '../../shared/emails/email-feedback.ts';

/** SNS topic of the stage's SES configuration set: bounces and complaints. */
export const handler = async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) await recordEmailFeedback(JSON.parse(record.Sns.Message));
};
