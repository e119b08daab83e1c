import { cancellationAgreement } from './cancellation'
import { privacyPolicy } from './privacy'
import type { AgreementSeed } from './types'
import { userAgreement } from './user'

/** Every published version; a new text is added as a new entry with a new version. */
export const AGREEMENT_SEEDS: AgreementSeed[] = [userAgreement, privacyPolicy, cancellationAgreement]
