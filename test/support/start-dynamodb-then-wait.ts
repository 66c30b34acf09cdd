// Starts DynamoDB Local, prints the Java process id, and waits to be killed (the orphan test).
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';

const dynamo = await startDynamoDbLocal({});
process.stdout.write(`${dynamo.process.pid}\n`);
setInterval(() => undefined, 60_000);
