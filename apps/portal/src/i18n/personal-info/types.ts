/** Personal info (pages/user-center/user-info), SPEC §2 labels. */
export interface PersonalInfoDictionary {
  name: string
  pinyinName: string
  gender: string
  birthdate: string
  nationality: string
  companyName: string
  idType: string
  idNo: string
  employeeNo: string
  phone: string
  email: string
  address: string
  postcode: string
  avatar: string
  username: string
  genderF: string
  genderM: string
  genderU: string
  employerSection: string
  employerNote: string
  notVerifiedNote: string
  accountSection: string
  notSet: string
  edit: string
  save: string
  saved: string
  avatarUpdated: string
  usernameHint: string
  addressPlaceholder: string
  postcodePlaceholder: string
  usernamePlaceholder: string
}
