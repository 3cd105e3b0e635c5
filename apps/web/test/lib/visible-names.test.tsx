import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialOf } from '@/components/ui/avatar';
import { ContactRow } from '@/features/contacts/components/contact-row';
import { ConversationRow } from '@/features/social-chat/components/conversation-row';
import { MessagePreview } from '@/features/social-chat/components/message-preview';
import { AttachmentView } from '@/features/social-chat/components/attachment-view';
import { RoomHeader } from '@/features/social-chat/components/room-header';
import { visibleText } from '@/lib/visible-text';
import { chatWith, messageIn } from '../social-chat/fixtures';

/** A file name that reads as "invoicetxt.png" where the override is honoured. */
const spoofed = 'invoice\u202Egnp.txt';
const shown = 'invoice<U+202E>gnp.txt';
/** Every character drawn nothing or reordering text, one per group of the list. */
const invisible = [
  0x00ad, 0x034f, 0x061c, 0x115f, 0x17b4, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028,
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x3164, 0xfeff,
  0xfff9, 0x1d173, 0xe0001,
];
/** Nothing that changes what a text looks like without being seen. */
const hidesNothing = (text: string | null) =>
  expect(
    [...(text ?? '')].filter((c) => /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u.test(c)),
  ).toEqual([]);

describe('invisible characters in names', () => {
  it.each(invisible.map((cp) => [cp.toString(16).toUpperCase().padStart(4, '0'), cp] as const))(
    'shows U+%s as a label',
    (hex, cp) => {
      expect(visibleText(`a${String.fromCodePoint(cp)}b`)).toBe(`a<U+${hex}>b`);
    },
  );

  it('shows a bidi override as a label, not as reordered text', () => {
    expect(visibleText(spoofed)).toBe(shown);
    expect(visibleText('\u2067evil\u2069.exe')).toBe('<U+2067>evil<U+2069>.exe');
  });

  it('leaves ordinary names, other scripts and emoji as they are', () => {
    for (const name of [
      'Alice',
      '张伟',
      'שלום עולם',
      'مرحبا',
      'café',
      '👩‍💻 dev',
      '👨‍👩‍👧‍👦',
      '👍🏽',
      '🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan',
      '❤️',
    ])
      expect(visibleText(name)).toBe(name);
  });

  it('a joiner or tag that is not part of an emoji is shown', () => {
    expect(visibleText('ad\u200Dmin')).toBe('ad<U+200D>min');
    expect(visibleText('x\u{E0041}')).toBe('x<U+E0041>');
  });

  it('a file attachment shows its name with the override visible', () => {
    render(
      <AttachmentView
        attachment={{
          id: 'f1',
          name: spoofed,
          mimeType: 'text/plain',
          size: 12,
          url: '/api/chat-social-msg/files/f1',
        }}
      />,
    );
    const link = screen.getByRole('link', { name: `Download ${shown}` });
    expect(link).toHaveTextContent(shown);
    hidesNothing(link.textContent);
    expect(link).toHaveAttribute('download', shown);
    expect(link.querySelector('bdi')).not.toBeNull();
  });

  it('an image attachment describes itself with the name as seen', () => {
    render(
      <AttachmentView
        attachment={{
          id: 'f2',
          name: 'photo\u200B.png',
          mimeType: 'image/png',
          size: 12,
          url: '/api/chat-social-msg/files/f2',
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'photo<U+200B>.png' })).toBeInTheDocument();
  });

  it('the conversation list shows a nickname with the override visible', () => {
    render(
      <ConversationRow
        chat={chatWith('bob', { nickname: 'bob\u202Enimda' })}
        viewerId={null}
        busy={false}
        style={{}}
        position={{ index: 0, count: 1 }}
        onOpen={() => {}}
        onToggle={() => {}}
      />,
    );
    const row = screen.getByRole('listitem', { name: 'bob<U+202E>nimda' });
    const open = within(row).getByRole('button', { name: 'bob<U+202E>nimda' });
    expect(open).toHaveTextContent('bob<U+202E>nimda');
    hidesNothing(open.textContent);
  });

  it("the conversation list's preview of a file shows its name with the override visible", () => {
    const chat = chatWith('bob', {
      lastMessage: messageIn('chat-bob', 1, {
        contentType: 'file',
        content: spoofed,
        attachment: {
          id: 'f3',
          name: spoofed,
          mimeType: 'text/plain',
          size: 3,
          url: '/api/chat-social-msg/files/f3',
        },
      }),
    });
    const { container } = render(<MessagePreview chat={chat} viewerId={null} />);
    expect(container).toHaveTextContent(`[File] ${shown}`);
    hidesNothing(container.textContent);
  });

  it("an avatar's initial is the first visible letter", () => {
    expect(initialOf('\u202E\u200Bbob')).toBe('B');
    expect(initialOf('\u200B')).toBe('?');
  });

  it('the room header shows the name with the override visible', () => {
    render(
      <RoomHeader
        name={'\u202Eecila'}
        avatar={null}
        presence={{ kind: 'offline', lastSeen: null }}
        typist={null}
        searching={false}
        onToggleSearch={() => {}}
      />,
    );
    const heading = screen.getByRole('heading', { name: '<U+202E>ecila' });
    hidesNothing(heading.textContent);
  });

  it('a contact shows the name with invisible characters visible', () => {
    render(
      <ul>
        <ContactRow name={'ali\u200Bce'}>
          <button type="button">Accept</button>
        </ContactRow>
      </ul>,
    );
    const row = screen.getByRole('listitem', { name: 'ali<U+200B>ce' });
    expect(row).toHaveTextContent('ali<U+200B>ceAccept');
    hidesNothing(row.textContent);
  });
});
