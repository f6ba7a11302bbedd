/**
 * Where sealed biometric objects (document pictures, selfies, face templates)
 * live. The bytes given to a store are already encrypted (AES-256-GCM with the
 * master key), so neither the database nor the bucket ever holds a readable
 * picture.
 */
export interface ObjectStore {
  readonly kind: 'database' | 's3';
  /** Writes (or overwrites) one object. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes one object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}
