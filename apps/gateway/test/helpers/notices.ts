import { randomBytes, randomUUID } from 'node:crypto'
import { OPEN_API_PREFIX, signOpenRequest } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/client'
import { appUser, clientCompany, employee, userCertification } from '../../src/db/schema'

export interface SeededEmployee {
  companyCode: string
  employeeNo: string
  /** The account linked by a real-name verification (none for an employee not linked). */
  userId?: string
}

let companies = 0

/**
 * A company of `linked + unlinked` employees written straight to the roster tables; the first
 * `linked` each with an account and a real-name link (several hundred rows a statement).
 */
export async function seedEmployees(db: Database, linked: number, unlinked = 0): Promise<SeededEmployee[]> {
  const code = `T${process.pid}${++companies}${randomBytes(3).toString('hex')}`.toUpperCase()
  const [company] = await db.insert(clientCompany).values({ code, nameZh: '测试公司', nameEn: 'Test Co.' }).returning({ id: clientCompany.id })
  const people = Array.from({ length: linked + unlinked }, (_, i) => ({
    id: randomUUID(),
    companyId: company.id,
    employeeNo: `E${String(i + 1).padStart(5, '0')}`,
    name: `员工${i + 1}`,
    idType: '1',
    idNoCipher: 'not-a-real-cipher',
    idNoIndex: randomBytes(16).toString('hex'),
  }))
  const now = new Date()
  for (let i = 0; i < people.length; i += 500) await db.insert(employee).values(people.slice(i, i + 500))
  const out: SeededEmployee[] = people.map((p) => ({ companyCode: code, employeeNo: p.employeeNo }))
  const users = people.slice(0, linked).map(() => ({ id: randomUUID(), email: `n${randomBytes(8).toString('hex')}@example.com` }))
  for (let i = 0; i < users.length; i += 500) {
    const slice = users.slice(i, i + 500)
    await db.insert(appUser).values(slice)
    await db.insert(userCertification).values(
      slice.map((user, j) => ({
        userId: user.id,
        employeeId: people[i + j].id,
        method: 'idNumber' as const,
        identityVersion: 1,
        certifiedAt: now,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
      })),
    )
  }
  users.forEach((user, i) => {
    out[i].userId = user.id
  })
  return out
}

export interface OpenCallOptions {
  appId?: string
  secret: string
  idempotencyKey?: string
  locale?: string
  /** The signature's time (epoch ms); now by default. */
  timestamp?: number
  nonce?: string
  /** Signs this body instead of the one sent (a tampered request). */
  signedBody?: string
}

/** A signed request of the notices API, as a provider's system sends it (method, URL, headers, body). */
export function openRequest(method: 'GET' | 'POST', path: string, body: unknown, options: OpenCallOptions) {
  const url = `${OPEN_API_PREFIX}${path}`
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {
    ...signOpenRequest(
      {
        method,
        path: url,
        body: options.signedBody ?? payload,
        appId: options.appId ?? 'payroll',
        nonce: options.nonce ?? randomBytes(12).toString('hex'),
        timestamp: String(options.timestamp ?? Date.now()),
      },
      options.secret,
    ),
    'accept-language': options.locale ?? 'zh-CN',
  }
  if (payload !== undefined) headers['content-type'] = 'application/json'
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  return { method, url, headers, payload }
}

/** The request through `app.inject`. */
export const openCall = (app: FastifyInstance, method: 'GET' | 'POST', path: string, body: unknown, options: OpenCallOptions) =>
  app.inject(openRequest(method, path, body, options))
