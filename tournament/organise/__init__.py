"""The organiser's console beside its views: forms, tables, the dashboard's list of problems, who may create
tournaments. Reads come from tournament.selectors and every change goes through tournament.services."""
