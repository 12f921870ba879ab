import type { AppConfig } from '../../platform/config';
import { type ImageStorage, localImageStorage, uploadsDir } from './image-storage';
import { s3ImageStorage } from './s3-storage';

/** Object storage when S3_BUCKET is set, the local disk under DATA_DIR/uploads otherwise. */
export function createImageStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): ImageStorage {
  return config.s3 ? s3ImageStorage(config.s3) : localImageStorage(uploadsDir(config));
}
