import { loadSettings, settingsSchema, SettingsError, storageSettingsProblems } from './settings';

const base = {
  DATABASE_URL: 'postgres://u@localhost:5432/db',
  REDIS_URL: 'redis://localhost:6379',
  SMTP_URL: 'smtp://localhost:1025',
  JWT_SECRET: 'x'.repeat(40),
  DOCUMENTS_ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

const failure = (env: NodeJS.ProcessEnv) => {
  try {
    loadSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return (err as Error).message;
  }
  throw new Error('expected the settings to be refused');
};

describe('settings', () => {
  it('applies defaults and derives APP_URL from PORT', () => {
    const s = loadSettings({ ...base, PORT: '4000' });
    expect(s).toMatchObject({
      PORT: 4000,
      APP_URL: 'http://localhost:4000',
      MAINTENANCE_MODE: false,
      REDIS_PREFIX: 'rxb',
    });
  });

  it('names each missing or bad setting', () => {
    const message = failure({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(message).toContain('PORT: must be a whole number');
    expect(message).toContain('DATABASE_URL: must be a postgres or postgresql URL');
    expect(message).toContain('REDIS_URL: is required');
    expect(message).toContain('SMTP_URL: is required');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ ...base, PORT: '', CHAT_WIDGET_SRC: '' }).PORT).toBe(3000);
  });

  it('needs a bypass code when maintenance mode is on', () => {
    expect(failure({ ...base, MAINTENANCE_MODE: 'true' })).toContain('MAINTENANCE_BYPASS_CODE: is required');
    expect(failure({ ...base, MAINTENANCE_MODE: 'maybe' })).toContain('MAINTENANCE_MODE: must be true or false');
  });
});

describe('document settings', () => {
  const shape = settingsSchema.shape;

  it('needs a 32-byte key, as hex or base64', () => {
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(undefined).success).toBe(false);
    const short = shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(16));
    expect(short.error?.issues[0].message).toMatch(/^must be 32 random bytes as 64 hex characters or base64/);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse('ab'.repeat(32)).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(32, 1).toString('base64')).success).toBe(true);
    expect(shape.DOCUMENTS_ENCRYPTION_KEY.safeParse(Buffer.alloc(31, 1).toString('base64')).success).toBe(false);
    expect(shape.STORAGE_DRIVER.parse(undefined)).toBe('local');
    expect(shape.STORAGE_DIR.parse(undefined)).toBe('.data/documents');
    expect(shape.DOCUMENT_LINK_TTL_SECONDS.parse(undefined)).toBe(300);
  });

  it('names every missing S3 setting when STORAGE_DRIVER=s3', () => {
    expect(storageSettingsProblems({ STORAGE_DRIVER: 'local' })).toEqual([]);
    expect(storageSettingsProblems({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_REGION: is required when STORAGE_DRIVER=s3',
      'S3_BUCKET: is required when STORAGE_DRIVER=s3',
    ]);
    // Without keys the AWS SDK's credential chain (roles, AWS_* variables) signs the requests.
    expect(storageSettingsProblems({ STORAGE_DRIVER: 's3', S3_BUCKET: 'rx-docs', S3_REGION: 'us-east-1' })).toEqual([]);
    expect(
      storageSettingsProblems({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'rx-docs',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'k',
      }),
    ).toEqual(['S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID']);
  });
});
