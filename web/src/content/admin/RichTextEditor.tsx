import CodeIcon from '@mui/icons-material/Code';
import DataObjectIcon from '@mui/icons-material/DataObject';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, IconButton, TextField, Tooltip } from '@mui/material';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { isSafeHref, isSafeImageSrc } from '../../../../shared/sanitize';
import { useT } from '../../i18n/state';
import { proseSx } from '../PageProse';

/** Props of the page content editor. */
export interface RichTextEditorProps {
  /** Initial HTML (already sanitised by the server). */
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: boolean;
  describedBy?: string;
}

/**
 * The rich-text editor staff write pages with (TipTap): headings, bold,
 * italic, underline, lists, links, images, quotes, inline code and code
 * blocks, undo and redo. It produces only tags the page sanitiser allows;
 * the server sanitises again on save. Lives in the staff chunk only.
 */
export default function RichTextEditor({ value, onChange, label, error, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { target: null, rel: null }, isAllowedUri: (url) => isSafeHref(url) },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' } }}>
      {editor && <Toolbar editor={editor} />}
      <Divider />
      <Box
        sx={[
          proseSx,
          {
            '& .tiptap': { minHeight: 240, maxHeight: '50vh', overflowY: 'auto', p: 2, outline: 'none', fontSize: '1rem' },
            '& .tiptap img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'primary.main' },
          },
        ]}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const chain = () => editor.chain().focus();

  return (
    <Box role="toolbar" aria-label={t('editor.formatting')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5 }}>
      <Tool label={t('editor.h2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Box component="span" sx={{ fontWeight: 800, fontSize: '0.85rem' }}>{t('editor.h2Short')}</Box>
      </Tool>
      <Tool label={t('editor.h3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Box component="span" sx={{ fontWeight: 800, fontSize: '0.85rem' }}>{t('editor.h3Short')}</Box>
      </Tool>
      <Tool label={t('editor.h4')} active={state.h4} onClick={() => chain().toggleHeading({ level: 4 }).run()}>
        <Box component="span" sx={{ fontWeight: 800, fontSize: '0.85rem' }}>{t('editor.h4Short')}</Box>
      </Tool>
      <Sep />
      <Tool label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <FormatUnderlinedIcon fontSize="small" />
      </Tool>
      <Sep />
      <Tool label={t('editor.bullets')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.numbers')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.code')} active={state.code} onClick={() => chain().toggleCode().run()}>
        <CodeIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.codeBlock')} active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <DataObjectIcon fontSize="small" />
      </Tool>
      <Sep />
      <Tool label={state.link ? t('editor.editLink') : t('editor.addLink')} active={state.link} onClick={() => setLinkOpen(true)}>
        <LinkIcon fontSize="small" />
      </Tool>
      {state.link && (
        <Tool label={t('editor.removeLink')} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
          <LinkOffIcon fontSize="small" />
        </Tool>
      )}
      <Tool label={t('editor.addImage')} onClick={() => setImageOpen(true)}>
        <ImageIcon fontSize="small" />
      </Tool>
      <Sep />
      <Tool label={t('editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" className="flip-rtl" />
      </Tool>
      <Tool label={t('editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" className="flip-rtl" />
      </Tool>
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
      <ImageDialog editor={editor} open={imageOpen} onClose={() => setImageOpen(false)} />
    </Box>
  );
}

function Sep() {
  return <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />;
}

function Tool({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          {...(active === undefined ? {} : { 'aria-pressed': active })}
          disabled={disabled}
          // Keep the caret in the editor: a toolbar click must not move focus (typing right after
          // a click would otherwise land on the button, and Space would press it again).
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          sx={{ borderRadius: 1, width: 34, height: 34, ...(active ? { bgcolor: 'action.selected', color: 'primary.main' } : {}) }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const t = useT();
  const [href, setHref] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    setHref(attrs.href ?? '');
    setNewTab(attrs.target === '_blank');
    setError('');
  }, [open, editor]);
  const save = () => {
    const url = href.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isSafeHref(url) || /^javascript:|^data:/i.test(url)) {
      setError(t('editor.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url, target: newTab ? '_blank' : null } }] }).run();
    else chain.setLink({ href: url, target: newTab ? '_blank' : null }).run();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('editor.link')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('editor.linkAddress')}
          placeholder={t('editor.linkPlaceholder')}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          error={Boolean(error)}
          helperText={error || t('editor.linkHelp')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
        <FormControlLabel control={<Checkbox checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />} label={t('editor.newTab')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {t('editor.applyLink')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImageDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const t = useT();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setSrc('');
      setAlt('');
      setError('');
    }
  }, [open]);
  const save = () => {
    const url = src.trim();
    if (!url || !isSafeImageSrc(url)) {
      setError(t('editor.imageInvalid'));
      return;
    }
    editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('editor.image')}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth margin="dense" label={t('editor.imageAddress')} placeholder={t('slider.urlPlaceholder')} value={src} onChange={(e) => setSrc(e.target.value)} error={Boolean(error)} helperText={error || t('editor.imageHelp')} />
        <TextField fullWidth margin="dense" label={t('editor.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {t('editor.insertImage')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
