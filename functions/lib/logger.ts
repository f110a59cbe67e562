import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentCorrelationId } from './correlation';

/**
 * Powertools' own fields, plus the correlation id of the request or event being handled, read per
 * log line (not set on the logger), so concurrent requests in the local stack each log their own.
 */
class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additionalLogAttributes: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        correlation_id: currentCorrelationId(),
        cold_start: attributes.lambdaContext?.coldStart,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additionalLogAttributes);
  }
}

/** Structured JSON logs to CloudWatch on Lambda, to the terminal on one machine. */
export const logger = new Logger({ serviceName: 'shop', logFormatter: new CorrelatedLogFormatter() });
