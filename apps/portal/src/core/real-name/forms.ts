import '../zod-config'
import { bankCardField, codeField, idNumberField, personNameField, rules } from '@ess/contract'
import { z } from 'zod'

/**
 * The real-name forms, from the contract's fields (SPEC §5 messages: "enter name with Chinese
 * characters or letters", "enter correct ID number", "enter bank card number", "enter correct
 * bank card number"), so the form and the gateway refuse the same input in the same words.
 */
export const idNumberForm = z.object({ name: personNameField, idNo: idNumberField })
export type IdNumberForm = z.input<typeof idNumberForm>

export const bankCardForm = z.object({
  name: personNameField,
  idNo: idNumberField,
  cardNo: bankCardField,
  bankPhone: rules.mobile,
  code: codeField,
})
export type BankCardForm = z.input<typeof bankCardForm>

/** Just the bank phone, before asking for its code. */
export const bankPhoneForm = z.object({ bankPhone: rules.mobile })
