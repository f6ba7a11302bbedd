import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, amzDate, sha256Hex, signV4, uriEncode } from './sigv4';

// The worked examples of AWS's "Signature Calculations for the Authorization
// Header: Transferring Payload in a Single Chunk (AWS Signature Version 4)".
const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const EXAMPLE_DATE = new Date('2013-05-24T00:00:00Z');
const EXAMPLE_HOST = 'https://examplebucket.s3.amazonaws.com';
const SCOPE = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

describe('signV4 reproduces the AWS S3 examples', () => {
  it('GET Object: /test.txt with Range bytes=0-9', () => {
    const headers = signV4(
      {
        method: 'GET',
        url: new URL(`${EXAMPLE_HOST}/test.txt`),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      EXAMPLE_CREDENTIALS,
      'us-east-1',
      's3',
      EXAMPLE_DATE,
    );
    expect(EMPTY_PAYLOAD_HASH).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.host).toBe('examplebucket.s3.amazonaws.com');
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${SCOPE}, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ` +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object: /test$file.text, a storage class header and a signed body', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const url = new URL(`${EXAMPLE_HOST}/${uriEncode('test$file.text', true)}`);
    expect(url.pathname).toBe('/test%24file.text');
    const headers = signV4(
      {
        method: 'PUT',
        url,
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
      },
      EXAMPLE_CREDENTIALS,
      'us-east-1',
      's3',
      EXAMPLE_DATE,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${SCOPE}, ` +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

describe('uriEncode', () => {
  it('keeps only the unreserved characters, and "/" in object keys', () => {
    expect(uriEncode('a-z_0.9~')).toBe('a-z_0.9~');
    expect(uriEncode("a b!'()*+=&$@:,;")).toBe('a%20b%21%27%28%29%2A%2B%3D%26%24%40%3A%2C%3B');
    expect(uriEncode('dir/sub dir/é')).toBe('dir%2Fsub%20dir%2F%C3%A9');
    expect(uriEncode('dir/sub dir/é', true)).toBe('dir/sub%20dir/%C3%A9');
  });
});

describe('amzDate', () => {
  it('is the basic ISO 8601 form in UTC, seconds precision', () => {
    expect(amzDate(new Date('2024-02-29T23:59:58.999Z'))).toBe('20240229T235958Z');
  });
});
