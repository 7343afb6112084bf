from django.urls import path

from rules import situation_pages, views

urlpatterns = [
    path("rulings/new/", views.ruling_new, name="ruling-new"),
    path("rulings/preview/", situation_pages.situation_preview, name="ruling-preview"),
    path("rulings/cards/", situation_pages.card_search, name="ruling-card-search"),
    path("rulings/<int:ruling_id>/", views.ruling_detail, name="ruling-detail"),
]
