import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../platform/mailer.ts';

export interface ShopOwnerContact {
  name: string;
  email: string | null;
}

type ShopNews = { kind: 'applied' } | { kind: 'approved' } | { kind: 'reinstated' } | { kind: 'rejected'; reason: string } | { kind: 'suspended'; reason: string };

const subjects: Record<ShopNews['kind'], string> = {
  applied: 'Your shop is waiting for approval',
  approved: 'Your shop is approved',
  reinstated: 'Your shop is open again',
  rejected: 'Your shop application was not approved',
  suspended: 'Your shop is suspended',
};

function body(news: ShopNews, shopName: string, appName: string): string[] {
  switch (news.kind) {
    case 'applied':
      return [`Thank you for applying to sell at ${appName}. Your shop "${shopName}" is waiting for the store's approval; we will write to you once it is reviewed.`];
    case 'approved':
      return [`Your shop "${shopName}" is approved: it is now open at ${appName}. Add your products in the console.`];
    case 'reinstated':
      return [`Your shop "${shopName}" is open again at ${appName}.`];
    case 'rejected':
      return [`Your shop "${shopName}" was not approved at ${appName}. The reason:`, '', news.reason, '', 'You may change the shop\'s profile in the console and apply again.'];
    case 'suspended':
      return [`Your shop "${shopName}" is suspended at ${appName}: it and its products are hidden from the store. The reason:`, '', news.reason];
  }
}

/** The mail telling a shop's owner where their shop stands; null when the owner has no e-mail address. */
export function shopStatusMail(app: FastifyInstance, owner: ShopOwnerContact, shopName: string, appName: string, news: ShopNews): Mail | null {
  if (!owner.email) return null;
  return {
    to: owner.email,
    subject: `[${appName}] ${subjects[news.kind]}`,
    text: [`Hello ${owner.name},`, '', ...body(news, shopName, appName), '', `Your shop: ${app.config.publicUrl}/shop`].join('\n'),
  };
}
