import { LEGAL_UPDATED, type LegalDocument } from './types';

export const document: LegalDocument = {
  title: 'Politique de confidentialité',
  updated: LEGAL_UPDATED,
  intro:
    'La présente politique explique quels renseignements personnels le tableau de bord de facturation {product} recueille, pourquoi nous les recueillons, comment nous les protégeons et quels sont vos choix. Elle s’applique uniquement au tableau de bord; votre contrat de service et notre avis général de confidentialité continuent de s’appliquer aux services de télécommunication eux-mêmes.',
  sections: [
    {
      heading: '1. Qui nous sommes',
      paragraphs: [
        '{product} offre ce tableau de bord afin que les titulaires de compte et les personnes qu’ils autorisent puissent consulter leurs soldes et factures, payer leurs factures et tenir à jour leurs renseignements de facturation. Nous sommes responsables des renseignements personnels traités au moyen de ce service et avons désigné un responsable de la protection des renseignements personnels, joignable à {email}.',
      ],
    },
    {
      heading: '2. Renseignements recueillis',
      bullets: [
        'Renseignements de connexion\u202f: votre nom d’utilisateur, votre adresse courriel et un mot de passe haché de façon sécuritaire, ou l’identité confirmée par le fournisseur de connexion de votre organisation.',
        'Renseignements de compte et de facturation\u202f: numéros de compte, noms, adresse courriel de facturation, adresse de facturation, contact de facturation, langue préférée, factures, frais et relevés détaillés des appels.',
        'Renseignements de paiement\u202f: la marque, les quatre derniers chiffres et la date d’expiration des cartes enregistrées, ainsi que l’historique de vos paiements. Les numéros de carte complets sont saisis sur la page sécurisée de notre processeur de paiement et n’atteignent jamais nos serveurs.',
        'Renseignements techniques\u202f: la date et l’heure des connexions et des modifications, l’adresse IP utilisée et les journaux de sécurité nécessaires pour détecter les abus.',
      ],
    },
    {
      heading: '3. Utilisation',
      bullets: [
        'Vous identifier et vous montrer uniquement les comptes que vous êtes autorisé à consulter.',
        'Présenter vos factures et soldes, traiter les paiements que vous demandez et effectuer les paiements automatiques que vous configurez.',
        'Vous envoyer les messages de service nécessaires, comme les codes de réinitialisation de mot de passe.',
        'Protéger votre compte et nos systèmes, par exemple en limitant les tentatives de connexion répétées.',
        'Respecter nos obligations légales, fiscales et réglementaires.',
      ],
      paragraphs: [
        'Nous ne vendons pas vos renseignements personnels et n’utilisons pas ce tableau de bord à des fins publicitaires.',
      ],
    },
    {
      heading: '4. Communication à des tiers',
      paragraphs: [
        'Nous ne communiquons des renseignements personnels qu’aux fournisseurs qui nous aident à exploiter le tableau de bord — notre processeur de paiement, notre hébergeur, notre service d’envoi de courriels et, si vous l’utilisez, le fournisseur de connexion de votre organisation — en vertu de contrats qui les obligent à les protéger et à ne les utiliser que pour nous. Nous pouvons aussi communiquer des renseignements lorsque la loi l’exige. Certains fournisseurs peuvent traiter des renseignements à l’extérieur de votre province ou de votre pays, où les autorités locales pourraient y avoir accès.',
      ],
    },
    {
      heading: '5. Stockage dans votre navigateur',
      paragraphs: [
        'Le tableau de bord conserve une petite quantité de données dans votre navigateur\u202f: votre jeton de connexion (uniquement pour l’onglet en cours, sauf si vous choisissez « Se souvenir de moi »), le dernier compte sélectionné ainsi que vos choix de thème et de langue. Il n’utilise aucun témoin publicitaire ou de suivi. La déconnexion supprime le jeton de connexion.',
      ],
    },
    {
      heading: '6. Durée de conservation',
      paragraphs: [
        'Nous conservons les dossiers de facturation aussi longtemps que l’exigent les règles fiscales et de télécommunication, généralement sept ans après la fin de l’exercice visé. Les journaux de sécurité sont conservés jusqu’à un an. Les renseignements dont nous n’avons plus besoin sont détruits ou anonymisés de façon sécuritaire.',
      ],
    },
    {
      heading: '7. Protection',
      paragraphs: [
        'Les connexions au tableau de bord sont chiffrées, les mots de passe ne sont conservés que sous forme de hachages irréversibles robustes, l’accès de notre personnel est limité à ce qu’exige son rôle et est journalisé, et les renseignements de carte sont traités par un processeur de paiement certifié selon la norme PCI DSS. Aucun système n’est parfaitement sûr\u202f: gardez votre mot de passe pour vous et déconnectez-vous sur les ordinateurs partagés.',
      ],
    },
    {
      heading: '8. Vos choix et vos droits',
      paragraphs: [
        'Vous pouvez consulter et corriger vos renseignements de facturation dans le tableau de bord en tout temps. Vous pouvez aussi demander l’accès aux renseignements personnels que nous détenons à votre sujet, en demander la rectification ou retirer un consentement donné, sous réserve des limites légales et contractuelles. Nous répondons aux demandes dans un délai de 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez communiquer avec l’autorité de protection des renseignements personnels de votre lieu de résidence.',
      ],
    },
    {
      heading: '9. Modifications',
      paragraphs: [
        'Si nous modifions la présente politique, nous mettrons à jour la date ci-dessus et, pour les changements importants, vous en informerons dans le tableau de bord ou par courriel avant leur entrée en vigueur.',
      ],
    },
    {
      heading: '10. Nous joindre',
      paragraphs: [
        'Pour toute question sur la présente politique ou sur vos renseignements personnels, appelez le {phone} ou écrivez à {email}.',
      ],
    },
  ],
};
