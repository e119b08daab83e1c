/** Real-name verification (packages/auth, packages/users/identity). */
export interface RealNameDictionary {
  optionTitle: string
  optionIntro: string
  byIdNumber: string
  byIdNumberHint: string
  byBankCard: string
  byBankCardHint: string
  privacyNote: string
  formIntro: string
  bankFormIntro: string
  namePlaceholder: string
  idNoPlaceholder: string
  cardNoPlaceholder: string
  bankPhonePlaceholder: string
  submit: string
  successTitle: string
  /** `{date}` is replaced. */
  successText: string
  continue: string
  failTitle: string
  retry: string
  contactService: string
  method: string
  methodIdNumber: string
  methodBankCard: string
  company: string
  employeeNo: string
  idNo: string
  bankCard: string
  realName: string
  certifiedAt: string
  validUntil: string
  expiredNote: string
  verifyAgain: string
  notVerifiedTitle: string
  notVerifiedText: string
}
