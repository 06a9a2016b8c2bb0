export const productPath = (id: number) => `/products/${id}/details`;
