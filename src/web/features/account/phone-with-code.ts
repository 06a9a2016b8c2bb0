/** A phone as it is dialled from anywhere: the country's calling code, then the number. */
export const phoneWithCode = (phone: string, phoneCode: string | null | undefined) => (phoneCode ? `${phoneCode} ${phone}` : phone);
