import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, OperatorContact } from './content-page';

export function CopyrightPage({ footer }: { footer?: ReactNode }) {
  const name = pageConfig.productName;
  return (
    <ContentPage title="Copyright" footer={footer}>
      <h1>Copyright</h1>
      <p className="prose__lead">
        Members bring the music played in {name} rooms. We respect the rights of the people who make it, and we remove
        material that infringes them when we're told about it.
      </p>

      <h2>Reporting an infringement</h2>
      <p>
        If you believe something on this server infringes a copyright you own or represent, send a notice to the people
        who run it at <OperatorContact subject="Copyright notice" />, with:
      </p>
      <ol>
        <li>your name, postal address, telephone number and email address;</li>
        <li>the copyrighted work you believe is infringed;</li>
        <li>
          what infringes it and where: the room's name or address, the DJ's name, and the song and the time it played,
          or the address of the page or image;
        </li>
        <li>
          a statement that you believe in good faith that this use is not authorised by the copyright owner, its agent
          or the law;
        </li>
        <li>
          a statement that the information in your notice is accurate and, under penalty of perjury, that you are the
          owner or are authorised to act for the owner;
        </li>
        <li>your physical or electronic signature.</li>
      </ol>
      <p>
        We remove or disable what the notice identifies, and tell the member who posted it. Notices that leave out these
        details may take us longer to act on.
      </p>

      <h2>Counter-notices</h2>
      <p>
        If your material was removed and you believe that was a mistake or that you have the right to use it, write to
        the same address with: your name, address, telephone number and email; what was removed and where it was; a
        statement under penalty of perjury that you believe in good faith it was removed by mistake or
        misidentification; your consent to the jurisdiction of the courts where you live (or where this server's
        operator is, if you live elsewhere); and your signature. We pass it on to whoever sent the notice, and may
        restore the material unless they tell us they have started legal action.
      </p>

      <h2>Repeat infringers</h2>
      <p>
        We close the accounts of members who infringe again and again. See also the{' '}
        <Link to="/terms/">Terms of Service</Link>.
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
