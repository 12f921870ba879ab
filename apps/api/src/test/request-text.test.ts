import { UNSTORABLE_TEXT_MESSAGE } from '@shop/contract/text';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createUser } from './factories';
import { createTestApp } from './test-app';

/**
 * Text the database cannot store (a NUL, half of a surrogate pair) in every text field of every request
 * the API documents, read from its own OpenAPI description: each is a 400 naming the field, and the
 * database is as it was. A field added later is walked here without anyone remembering to add it.
 */
const t = await createTestApp();
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const BAD_TEXTS = [
  ['a NUL', 'Ada\u0000Lovelace'],
  ['half of a surrogate pair', 'Ada\ud800'],
] as const;

const takesText = (schema: JsonSchema): boolean =>
  schema.type === 'string' ||
  (Array.isArray(schema.type) && schema.type.includes('string')) ||
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(takesText);

/** The path to every field of `schema` that takes text, an array's through its first item. */
function textFields(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, field]) => textFields(field, [...path, key]));
  }
  if (schema.items) return textFields(schema.items, [...path, 0]);
  return takesText(schema) ? [path] : [];
}

/** A body with `text` at `path` and nothing else: the rule is checked before anything else of it. */
function bodyWith(path: (string | number)[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  const inner = bodyWith(rest, text);
  return typeof head === 'number' ? [inner] : { [head]: inner };
}

/** Every table's rows, as a fingerprint: a refused request must leave every one as it was. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = (await t.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const prints: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as sum from ${sql.identifier(name)} r`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    prints[name] = `${result.rows[0]?.n}:${result.rows[0]?.sum}`;
  }
  return prints;
}

// An admin passes the guard of every route, so each request reaches its schema.
const admin = await createAdmin(t.db);

interface TextCase {
  label: string;
  method: Method;
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
  /** How the 400's message names the field. */
  field: string;
}

function textCases(): TextCase[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const cases: TextCase[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const routeUrl = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as Method;
      const headers = admin.headers;
      const concrete = openApiPath.replace(/\{\w+\}/g, '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const path of body ? textFields(body) : []) {
        for (const [what, text] of BAD_TEXTS) {
          cases.push({
            label: `${method} ${routeUrl} ${path.join('.')} with ${what}`,
            method,
            url: concrete,
            payload: bodyWith(path, text),
            headers,
            field: path.join('.'),
          });
        }
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !parameter.schema || !takesText(parameter.schema)) continue;
        // A query string carries text as UTF-8 bytes, which cannot spell half of a surrogate pair: a NUL can.
        cases.push({
          label: `${method} ${routeUrl}?${parameter.name} with a NUL`,
          method,
          url: `${concrete}?${parameter.name}=x%00y`,
          headers,
          field: `querystring ${parameter.name}`,
        });
      }
    }
  }
  return cases;
}

const cases = textCases();

describe('text the database cannot store', () => {
  it('finds the text fields of the requests, the delivery address, profile, review and product among them', () => {
    const labels = cases.map((c) => c.label);
    expect(cases.length).toBeGreaterThan(60);
    for (const expected of [
      'PUT /api/auth/address line1 with a NUL',
      'PATCH /api/auth/edit-profile bio with a NUL',
      'POST /api/reviews/post-review comment with half of a surrogate pair',
      'POST /api/products/create-product name with a NUL',
      'PATCH /api/products/update-product/:id description with half of a surrogate pair',
      'POST /api/orders/refund/:id reason with a NUL',
      'GET /api/products?q with a NUL',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it('answers each with a 400 that names the field, and changes nothing', async () => {
    const before = await databaseFingerprint();
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: c.headers,
        ...(c.payload === undefined ? {} : { payload: c.payload as object }),
      });
      const expected = `Invalid ${c.field}: ${UNSTORABLE_TEXT_MESSAGE}`;
      const message = String(res.headers['content-type']).includes('json') ? res.json().message : res.body;
      if (res.statusCode !== 400 || message !== expected) wrong.push(`${c.label}: ${res.statusCode} ${message}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('refuses whole requests that would otherwise be stored: an address, a profile, a review, a product', async () => {
    const shopper = await createUser(t.db);
    const product = await createProduct(t.db);
    const address = {
      fullName: 'Ada Lovelace',
      line1: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
    };
    const requests: [Method, string, Record<string, string>, Record<string, unknown>, string][] = [
      ['PUT', '/api/auth/address', shopper.headers, { ...address, line1: '12 St James\u0000 Square' }, 'line1'],
      ['PATCH', '/api/auth/edit-profile', shopper.headers, { bio: 'Rides at dawn \ud800', profession: 'Rider' }, 'bio'],
      [
        'POST',
        '/api/reviews/post-review',
        shopper.headers,
        { comment: 'Fits\u0000', rating: 4, productId: product.id },
        'comment',
      ],
      [
        'POST',
        '/api/products/create-product',
        admin.headers,
        {
          name: 'Linen\ud800 Dress',
          category: 'dress',
          color: 'beige',
          price: 79.9,
          description: 'Breezy',
          image: '/uploads/linen.webp',
        },
        'name',
      ],
    ];
    const before = await databaseFingerprint();
    for (const [method, url, headers, payload, field] of requests) {
      const res = await t.app.inject({ method, url, headers, payload });
      expect([res.statusCode, res.json()], url).toEqual([
        400,
        { message: `Invalid ${field}: ${UNSTORABLE_TEXT_MESSAGE}` },
      ]);
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('refuses a search for %00 with a 400 naming the search, as it does a path parameter with one', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/products?q=%00' });
    expect([search.statusCode, search.json()]).toEqual([
      400,
      { message: `Invalid querystring q: ${UNSTORABLE_TEXT_MESSAGE}` },
    ]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: '/api/orders/ada%00%40example.test',
      headers: admin.headers,
    });
    expect(byEmail.statusCode).toBe(400);
  });
});
