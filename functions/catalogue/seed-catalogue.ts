import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { gridSeedItems, writeMissingItems } from './seed-items';

/**
 * The deploy-time seed (a CloudFormation custom resource): on create and update, writes the seed
 * grids' items that are missing, never one that exists, so staff uploads survive every deploy.
 */
export async function handler(event: CloudFormationCustomResourceEvent) {
  if (event.RequestType !== 'Delete') {
    const written = await writeMissingItems(documentClient(), config().TABLE_NAME, gridSeedItems());
    logger.info('Catalogue seeded', { written });
  }
  return { PhysicalResourceId: 'catalogue-seed' };
}
