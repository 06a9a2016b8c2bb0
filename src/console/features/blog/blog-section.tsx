import { Route, Routes } from 'react-router';
import { BlogPostEditorPage } from './blog-post-editor-page.tsx';
import { BlogPostsPage } from './blog-posts-page.tsx';

/** `/console/blog/*`: the posts, a new post and a post's editor. */
export function BlogSection() {
  return (
    <Routes>
      <Route index element={<BlogPostsPage />} />
      <Route path=":id" element={<BlogPostEditorPage />} />
    </Routes>
  );
}
