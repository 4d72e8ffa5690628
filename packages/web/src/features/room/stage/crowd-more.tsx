/** Listeners who did not fit on the floor, counted ("+N more") and listed on demand, each still a link. */
import type { RoomUser } from '@platter/contract';
import { Avatar } from '../../../ui/avatar';
import { ModalLink } from '../../../ui/modal-link';

export function CrowdMore({ people }: { people: readonly RoomUser[] }) {
  const members = people.filter((person) => person.name !== null);
  return (
    <details className="crowd-more">
      <summary>+{people.length} more</summary>
      <ul className="crowd-more__list">
        {members.map((person) => (
          <li key={person.userid}>
            <ModalLink className="crowd-more__member" to={`/profile/${person.userid}`}>
              <Avatar src={person.images.headfront} name={person.name} size={24} />
              <span>{person.name}</span>
            </ModalLink>
          </li>
        ))}
      </ul>
      {members.length < people.length && (
        <p className="crowd-more__guests">
          and {people.length - members.length === 1 ? 'one guest' : `${people.length - members.length} guests`}
        </p>
      )}
    </details>
  );
}
