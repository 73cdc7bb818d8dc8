/** Public contact details shown in the footer and on the contact page. */
export const SHOP_CONTACT = {
  email: 'contact@guides-afrique.com',
  /** WhatsApp number in international form; the link opens a chat. */
  whatsapp: '+225 07 58 21 44 90',
  whatsappLink: 'https://wa.me/2250758214490',
} as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'TikTok', href: 'https://www.tiktok.com/' },
] as const;
