import { describe, expect, it } from 'vitest'
import { cspNonce } from '../csp'
import { codesFile } from './enroll/codes'
import { parseRecipients } from './notices/recipients'
import { deviceOf } from './security/device'

describe('small page helpers', () => {
  it('names a session by its browser and system', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome · Windows')
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toBe('Safari · macOS')
    expect(deviceOf('')).toBe('—')
  })

  it('writes the recovery codes file with the account and one code a line', () => {
    expect(codesFile('a@console.example', ['abcde-12345', 'fghij-67890'], new Date('2026-11-27T10:00:00Z'))).toBe(
      'ESS console recovery codes for a@console.example\nMade 2026-11-27T10:00:00.000Z; each code works once.\n\nabcde-12345\nfghij-67890\n',
    )
  })

  it('reads the page nonce from the csp-nonce meta tag', () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="abc123">'
    expect(cspNonce()).toBe('abc123')
    document.head.innerHTML = ''
    expect(cspNonce()).toBeUndefined()
  })

  it('reads a list audience: pasted lines or a CSV with a header, comma, tab or semicolon; names the first bad line', () => {
    expect(parseRecipients('\uFEFFcompany_code,employee_no\r\nACME,E1\n\n"ACME"\t"E2"\nBETA;E3\n')).toEqual({
      recipients: [
        { companyCode: 'ACME', employeeNo: 'E1' },
        { companyCode: 'ACME', employeeNo: 'E2' },
        { companyCode: 'BETA', employeeNo: 'E3' },
      ],
    })
    expect(parseRecipients('ACME,E1\nACME\nACME,E3')).toEqual({ badLine: 2 })
    expect(parseRecipients('ACME,E1,extra')).toEqual({ badLine: 1 })
  })
})
