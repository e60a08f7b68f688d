// Patients' document files: storage (local disk, S3), encryption at rest, type detection, links, cleanups.
export * from './document-cipher';
export * from './document-file-cleanups';
export * from './document-file-cleanups.repository';
export * from './document-links';
export * from './file-type';
export * from './storage/document-storage';
export * from './storage/create-document-storage';
export * from './storage/local-disk.storage';
export * from './storage/s3.storage';
