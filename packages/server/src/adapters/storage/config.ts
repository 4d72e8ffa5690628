/**
 * Music's settings (docs/music.md): how large a file may be, how much one
 * member may store, and where the audio lives (a local folder, or an
 * S3-compatible bucket).
 */
import { z } from 'zod';
import { LIBRARY_QUOTA_MB_DEFAULT, UPLOAD_MAX_MB_DEFAULT } from '@platter/contract';

const megabytes = (message: string) =>
  z
    .string()
    .regex(/^\s*\d{1,7}\s*$/, message)
    .transform(Number)
    .pipe(z.number().min(1, message));

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: 'must be 1 or 0 (or true/false)' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const libraryEnvironment = {
  UPLOAD_MAX_MB: megabytes('must be a whole number of megabytes, at least 1').default(UPLOAD_MAX_MB_DEFAULT),
  LIBRARY_QUOTA_MB: megabytes('must be a whole number of megabytes, at least 1').default(LIBRARY_QUOTA_MB_DEFAULT),
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be a full URL such as https://s3.example.org' }).optional(),
  S3_BUCKET: z.string().trim().min(1, 'must not be empty').optional(),
  S3_REGION: z.string().trim().min(1, 'must not be empty').optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, 'must not be empty').optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
};

type Defaulted = 'UPLOAD_MAX_MB' | 'LIBRARY_QUOTA_MB' | 'STORAGE';
type LibraryEnvironment = { [K in Defaulted]: z.output<(typeof libraryEnvironment)[K]> } & {
  [K in Exclude<keyof typeof libraryEnvironment, Defaulted>]?: z.output<(typeof libraryEnvironment)[K]>;
};

export function checkLibraryEnvironment(e: LibraryEnvironment, ctx: z.RefinementCtx): void {
  if (e.STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when STORAGE is s3' });
  } else {
    for (const name of [...S3_SETTINGS, 'S3_FORCE_PATH_STYLE'] as const)
      if (e[name] !== undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is used only with STORAGE=s3: set that too' });
  }
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** null: AWS itself. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Buckets addressed as endpoint/bucket/key (most self-hosted servers) rather than bucket.endpoint/key. */
      forcePathStyle: boolean;
    };

export interface LibraryConfig {
  /** The largest file an upload may be, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** The most one member's songs may take, in bytes (LIBRARY_QUOTA_MB). */
  quotaBytes: number;
  storage: StorageConfig;
}

const MB = 1024 * 1024;

export function libraryConfigFrom(e: LibraryEnvironment): LibraryConfig {
  return {
    uploadMaxBytes: e.UPLOAD_MAX_MB * MB,
    quotaBytes: e.LIBRARY_QUOTA_MB * MB,
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT ?? null,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // Self-hosted S3-compatible servers mostly want path-style addressing.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : { kind: 'local' },
  };
}
