// @vitest-environment happy-dom
import '../../../client/test/component-test-setup.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../../shared/media.contract.ts';
import { pictureFile, stubUploads } from '../../test/upload-stub.ts';
import { MediaUploader } from './media-uploader.tsx';

function Pictures({ initial = [], max = 12 }: { initial?: string[]; max?: number }) {
  const [pictures, setPictures] = useState(initial);
  return (
    <>
      <MediaUploader label="Pictures" value={pictures} onChange={setPictures} max={max} />
      <output aria-label="Order">{pictures.join(' ')}</output>
    </>
  );
}

const uploaded = (id: number, url: string) => ({ message: 'Media uploaded', data: { media: { id, url, width: 1600, height: 1200, variants: [] } } });

describe('the media uploader', () => {
  it('uploads each picked file with its progress, then shows it as a thumbnail, and says why a file failed', async () => {
    const uploads = stubUploads();
    render(<Pictures />);
    await userEvent.upload(screen.getByLabelText('Add pictures'), [pictureFile('lamp.png'), pictureFile('shade.txt.png')]);

    expect(uploads).toHaveLength(2);
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/console/media', headers: { 'x-session': 'cookie', 'X-Requested-With': 'XMLHttpRequest' } });
    expect(uploads[0]!.file.name).toBe('lamp.png');
    act(() => uploads[0]!.progress(400, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading lamp.png' })).toHaveAttribute('value', '0.4');

    await act(async () => uploads[0]!.answer(201, uploaded(5, '/media/uploads/library/lamp-1600.webp')));
    expect(screen.queryByRole('progressbar', { name: 'Uploading lamp.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', '/media/uploads/library/lamp-1600.webp');

    await act(async () => uploads[1]!.answer(422, { message: 'The file must be an image.', errors: { file: ['The file must be an image.'] } }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file must be an image.');
    expect(screen.getByRole('status', { name: 'Order' })).toHaveTextContent(/^\/media\/uploads\/library\/lamp-1600\.webp$/);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB without sending it, in the words the server would use', async () => {
    const uploads = stubUploads();
    render(<Pictures />);
    await userEvent.upload(screen.getByLabelText('Add pictures'), [pictureFile('huge.png', MEDIA_MAX_BYTES + 1), pictureFile('ok.png', MEDIA_MAX_BYTES)]);
    expect(screen.getByRole('alert')).toHaveTextContent('The file must not be greater than 10240 kilobytes.');
    expect(uploads.map((upload) => upload.file.name)).toEqual(['ok.png']);
  });

  it('removes a picture, and a single picture is replaced by the next one', async () => {
    const uploads = stubUploads();
    render(<Pictures initial={['/media/a.webp']} max={1} />);
    await userEvent.upload(screen.getByLabelText('Choose a picture'), pictureFile('b.png'));
    await act(async () => uploads[0]!.answer(201, uploaded(6, '/media/b.webp')));
    expect(within(screen.getByRole('group', { name: 'Pictures' })).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/media/b.webp']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a picture')).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Order' })).toBeEmptyDOMElement();
  });
});
