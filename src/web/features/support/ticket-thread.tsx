import type { TicketMessage } from '../../../shared/support.contract.ts';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

function MessageBubble({ message }: { message: TicketMessage }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const author = message.is_staff ? t('Support Team') : t('You');
  return (
    <li
      data-testid="ticket-message"
      data-author={message.is_staff ? 'staff' : 'shopper'}
      className={`max-w-[85%] rounded-xl border p-4 ${message.is_staff ? 'me-auto border-slate-200 bg-white' : 'ms-auto border-primary-100 bg-primary-50'}`}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-900">
          {author}
          {message.is_staff && message.author && <span className="font-normal text-slate-600">
              {' · '}
              <bdi>{message.author.name}</bdi>
            </span>}
        </span>
        <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
      </div>
      {/* Plain text from the API: React escapes it, line breaks are kept by CSS, never by HTML; its own direction (a Latin message on an Arabic page). */}
      <p dir="auto" className="text-sm break-words whitespace-pre-line text-slate-800">
        {message.body}
      </p>
      {message.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('Attached images')}>
          {message.attachments.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer" className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary-700">
                <img src={url} alt={t('Attachment {{number}}', { number: index + 1 })} loading="lazy" className="size-24 rounded-md border border-slate-200 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The conversation, oldest first: the store's replies on the reading direction's start side, the shopper's on the end side. */
export function TicketThread({ messages }: { messages: TicketMessage[] }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-3" aria-label={t('Conversation')}>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
    </ol>
  );
}
