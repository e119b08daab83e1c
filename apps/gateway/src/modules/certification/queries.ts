import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appUser, clientCompany, employee, userCertification } from '../../db/schema'

export type CertificationRow = typeof userCertification.$inferInsert

/** The user's certification with the employee and company it links to (undefined when never verified). */
export async function findCertification(db: Database, userId: string) {
  const [row] = await db
    .select({
      method: userCertification.method,
      bankCardLast4: userCertification.bankCardLast4,
      bankCardCipher: userCertification.bankCardCipher,
      certifiedAt: userCertification.certifiedAt,
      expiresAt: userCertification.expiresAt,
      recordIdentityVersion: userCertification.identityVersion,
      userCertifiedAt: appUser.certifiedAt,
      employee: {
        id: employee.id,
        employeeNo: employee.employeeNo,
        name: employee.name,
        pinyinName: employee.pinyinName,
        gender: employee.gender,
        birthdate: employee.birthdate,
        nationality: employee.nationality,
        idType: employee.idType,
        idNoCipher: employee.idNoCipher,
        address: employee.address,
        postcode: employee.postcode,
        identityVersion: employee.identityVersion,
      },
      company: { code: clientCompany.code, nameZh: clientCompany.nameZh, nameEn: clientCompany.nameEn },
    })
    .from(userCertification)
    .innerJoin(appUser, eq(appUser.id, userCertification.userId))
    .innerJoin(employee, eq(employee.id, userCertification.employeeId))
    .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
    .where(eq(userCertification.userId, userId))
  return row
}
export type CertificationWithEmployee = NonNullable<Awaited<ReturnType<typeof findCertification>>>

/** The account an employee is linked to, if any. */
export async function linkedUserOf(db: Database, employeeId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: userCertification.userId }).from(userCertification).where(eq(userCertification.employeeId, employeeId))
  return row?.userId
}

/**
 * Records a verification: the certification row (replacing an earlier one of the user) and the
 * account's status, gender and birth date from the roster. Undefined when the employee was linked
 * to another account meanwhile (the unique index decides).
 */
export async function saveCertification(
  db: Database,
  row: Required<Pick<CertificationRow, 'userId' | 'employeeId' | 'method' | 'identityVersion' | 'certifiedAt' | 'expiresAt'>> &
    Pick<CertificationRow, 'bankCardCipher' | 'bankCardLast4'>,
  person: { gender: 'F' | 'M' | 'U'; birthdate: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(userCertification)
      .values({ bankCardCipher: null, bankCardLast4: null, ...row })
      .onConflictDoUpdate({
        target: userCertification.userId,
        set: {
          employeeId: row.employeeId,
          method: row.method,
          bankCardCipher: row.bankCardCipher ?? null,
          bankCardLast4: row.bankCardLast4 ?? null,
          identityVersion: row.identityVersion,
          certifiedAt: row.certifiedAt,
          expiresAt: row.expiresAt,
        },
      })
      .returning({ userId: userCertification.userId })
      .catch((error: { code?: string; cause?: { code?: string } }) => {
        // 23505: the employee is linked to another account (unique index on employee_id).
        if (error.code === '23505' || error.cause?.code === '23505') return []
        throw error
      })
    if (!saved) return false
    await tx
      .update(appUser)
      .set({ certificationStatus: 1, certifiedAt: row.certifiedAt, gender: person.gender, birthdate: person.birthdate, updatedAt: row.certifiedAt })
      .where(eq(appUser.id, row.userId))
    return true
  })
}
