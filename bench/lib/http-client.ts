import http from 'node:http';
import zlib from 'node:zlib';

/**
 * Kept-alive connections for the bench's own requests (the purchases): `fetch` spent about 1.5 ms of
 * CPU per request of this machine's two cores, which the shop it measures shares.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came, compressed or not. */
  raw: Buffer;
}

export interface Request {
  method: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
}

/** What a browser says it takes: answers come compressed as they would to a shopper. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export function send(url: string, request: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: request.method, agent, headers: { ...BROWSER_HEADERS, ...request.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The body as text, unpacked from the encoding it came in. */
export function textOf(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? zlib.brotliDecompressSync(answer.raw)
      : encoding === 'gzip'
        ? zlib.gunzipSync(answer.raw)
        : encoding === 'deflate'
          ? zlib.inflateSync(answer.raw)
          : answer.raw;
  return body.toString('utf8');
}

export const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;
