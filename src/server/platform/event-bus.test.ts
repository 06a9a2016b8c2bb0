import { describe, expect, it, vi } from 'vitest';
import { compareEventIds, createMemoryEventBus, isEventId, REPLAY_LIMIT } from './event-bus.ts';

describe('the in-process event bus', () => {
  it('numbers events in order, also within one millisecond and when the clock steps back', async () => {
    const times = [1000, 1000, 1000, 999, 1001];
    const bus = createMemoryEventBus({ now: () => times.shift()! });
    const ids = [];
    for (let index = 0; index < 5; index++) ids.push((await bus.publish(1, 'ticket.replied', { index })).id);
    expect(ids).toEqual(['1000-0', '1000-1', '1000-2', '1000-3', '1001-0']);
    expect([...ids].sort(compareEventIds)).toEqual(ids);
    expect(compareEventIds('9-0', '10-0')).toBeLessThan(0);
  });

  it('hands each user only their events, until they stop listening', async () => {
    const bus = createMemoryEventBus();
    const mine = vi.fn();
    const theirs = vi.fn();
    const stop = await bus.subscribe(1, mine);
    await bus.subscribe(2, theirs);
    const event = await bus.publish(1, 'ticket.replied', { ticket_no: 'TCK-A' });
    expect(mine).toHaveBeenCalledWith(event);
    expect(theirs).not.toHaveBeenCalled();
    stop();
    await bus.publish(1, 'ticket.replied', { ticket_no: 'TCK-B' });
    expect(mine).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering when one listener throws, and reports the throw', async () => {
    const onError = vi.fn();
    const bus = createMemoryEventBus({ onError });
    const after = vi.fn();
    await bus.subscribe(1, () => {
      throw new Error('broken tab');
    });
    await bus.subscribe(1, after);
    await bus.publish(1, 'ticket.replied', {});
    expect(after).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken tab' }));
  });

  it('replays the latest events after a given id', async () => {
    const bus = createMemoryEventBus();
    const events = [];
    for (let index = 0; index < REPLAY_LIMIT + 3; index++) events.push(await bus.publish(7, 'ticket.replied', { index }));
    expect(await bus.eventsAfter(7, events[REPLAY_LIMIT]!.id)).toEqual(events.slice(REPLAY_LIMIT + 1));
    expect(await bus.eventsAfter(7, '0-0')).toEqual(events.slice(3));
    expect(await bus.eventsAfter(8, '0-0')).toEqual([]);
  });

  it('recognises event ids', () => {
    expect(isEventId('1732240000000-12')).toBe(true);
    for (const text of ['', '12', '1-2-3', 'abc-1', `${'9'.repeat(16)}-0`]) expect(isEventId(text)).toBe(false);
  });
});
