/**
 * How a person's repeat request is named, in the alert email, on an advisor's lock screen and on
 * the card alike: "2ᵉ demande d’Élodie D.", a strong signal worth a call (server/storage/persons.ts
 * says who is one person).
 */

/** "1ʳᵉ", "2ᵉ", "3ᵉ"…: the abbreviations the Imprimerie nationale's rules give. */
export function requestOrdinal(number: number): string {
  return number === 1 ? '1ʳᵉ' : `${number}ᵉ`
}

/** "de Jean", but "d’Élodie": French elides "de" before a vowel. */
function ofName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`
}

/** "2ᵉ demande d’Élodie D." */
export function repeatRequestTitle(number: number, name: string): string {
  return `${requestOrdinal(number)} demande ${ofName(name)}`
}
